import { describe, expect, it } from 'vitest';
import { isApiPath } from '../../sw/navigation';

describe('navigations the service worker answers with the app shell', () => {
  it('app routes, /client/* included, get the shell', () => {
    for (const path of ['/', '/login', '/client', '/client/home', '/client/referal', '/unknown/page']) {
      expect(isApiPath(path), path).toBe(false);
    }
  });

  it('API paths never do', () => {
    for (const path of [
      '/admin/pricing',
      '/driver/location/d1',
      '/api/user/profile',
      '/dev/mailbox',
      '/ops/tasks',
      '/avatars/0d9c3f5e-1b2a-4c3d-8e4f-5a6b7c8d9e0f',
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
  });

  it("the operators' console's pages never do either: the server answers them with the console", () => {
    for (const path of ['/ops', '/ops/', '/ops/console/board', '/ops/console/tasks/t1']) {
      expect(isApiPath(path), path).toBe(true);
    }
    // A client route that only begins like it is still the client's.
    expect(isApiPath('/opsroom')).toBe(false);
  });
});
