// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Directions } from '../../../src/features/maps/directions';
import { DRIVER_LOCATION_OFFLINE, LazyRouteMap } from '../../../src/features/maps/lazy-route-map';
import type { LatLng, RouteMode } from '../../../src/shared/driver-location';
import { withQueryClient } from '../../query-support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

/** The browser loses the network: the app's online state (src/lib/online.ts) hears it as on a phone. */
function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

const DRIVER: LatLng = { lat: 6.5158, lng: 3.3782 };
const TASK: LatLng = { lat: 6.4926, lng: 3.3553 };
const straightLine: Directions = {
  route: async (from, to) => ({ path: [from, to], distanceMeters: 3600, durationSeconds: 660, isApproximate: true }),
};

function renderMap(driver: LatLng | null, mode: RouteMode) {
  render(withQueryClient(<LazyRouteMap driver={driver} task={TASK} mode={mode} directions={straightLine} />));
}

describe("the task's route map: what it says under and over the map", () => {
  it('on the way: the distance and time of the route', async () => {
    renderMap(DRIVER, 'live');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Route' }).textContent).toContain('3.6 km'));
  });

  it("no driver position yet: 'Waiting for the driver's location…' online, the offline strip offline", () => {
    renderMap(null, 'live');
    expect(screen.getByText("Waiting for the driver's location…")).toBeTruthy();
    cleanup();
    goOffline();
    renderMap(null, 'live');
    // A strip under the map (route-offline-note), never over its + button.
    expect(screen.getByText(DRIVER_LOCATION_OFFLINE).classList.contains('route-offline-note')).toBe(true);
    expect(screen.queryByText(/Waiting for the driver/)).toBeNull();
  });

  it('offline with a known position: the strip under the map, the badges still on it', async () => {
    goOffline();
    renderMap(DRIVER, 'live');
    expect(screen.getByText(DRIVER_LOCATION_OFFLINE).classList.contains('route-offline-note')).toBe(true);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Route' })).toBeTruthy());
  });

  for (const mode of ['arrived', 'ended', 'unassigned'] as const)
    it(`${mode}: neither a distance (no 'Distance ≈ 0 m') nor a wait for the driver's location`, async () => {
      renderMap(mode === 'arrived' ? TASK : null, mode);
      // The route (when both places are known) has time to arrive: it still shows no badge.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(screen.queryByRole('list', { name: 'Route' })).toBeNull();
      expect(screen.queryByText(/Waiting for the driver/)).toBeNull();
      expect(screen.queryByText(DRIVER_LOCATION_OFFLINE)).toBeNull();
    });
});
