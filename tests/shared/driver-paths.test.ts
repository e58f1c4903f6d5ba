import { describe, expect, it } from 'vitest';
import { isDriverAppRequest } from '../../src/shared/driver-paths';

describe("the driver's app under /driver/", () => {
  it('is every GET or HEAD there: its screens, chunks, worker and manifest', () => {
    for (const path of [
      '/driver',
      '/driver/',
      '/driver/login',
      '/driver/tasks/abc/chat',
      '/driver/assets/index-abc.js',
      '/driver/sw.js',
      '/driver/manifest.webmanifest',
    ]) {
      expect(isDriverAppRequest('GET', path), path).toBe(true);
      expect(isDriverAppRequest('HEAD', path), path).toBe(true);
    }
  });

  it("but the client app's two reads of a driver and every write, which are the API", () => {
    for (const path of ['/driver/location/abc', '/driver/location', '/driver/photo/abc', '/driver/photo'])
      expect(isDriverAppRequest('GET', path), path).toBe(false);
    for (const path of ['/driver/tasks', '/driver/offers/accept', '/driver/login'])
      expect(isDriverAppRequest('POST', path), path).toBe(false);
    for (const path of ['/driverx', '/client/home', '/']) expect(isDriverAppRequest('GET', path), path).toBe(false);
  });
});
