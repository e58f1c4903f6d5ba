// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentLocationButton } from '../../../src/features/maps/current-location-button';
import { GEOLOCATION_MESSAGES } from '../../../src/features/maps/geolocation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("'Use my current location'", () => {
  it("says 'Finding your location...' while it looks (one request at a time, focus kept), then hands the point over", async () => {
    const position = deferred<{ lat: number; lng: number }>();
    const locate = vi.fn(() => position.promise);
    const onLocated = vi.fn();
    render(<CurrentLocationButton onLocated={onLocated} locate={locate} />);
    const button = screen.getByRole('button', { name: 'Use my current location' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Finding your location...');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(locate).toHaveBeenCalledTimes(1);
    await act(async () => position.resolve({ lat: 6.5095, lng: 3.3711 }));
    expect(onLocated).toHaveBeenCalledWith({ lat: 6.5095, lng: 3.3711 });
    expect(button.textContent).toBe('Use my current location');
  });

  it('a refusal is told beside the button, and a new try clears it', async () => {
    const locate = vi
      .fn()
      .mockRejectedValueOnce(new Error(GEOLOCATION_MESSAGES.denied))
      .mockResolvedValueOnce({ lat: 6.5, lng: 3.3 });
    const onLocated = vi.fn();
    render(<CurrentLocationButton onLocated={onLocated} locate={locate} />);
    const button = screen.getByRole('button', { name: 'Use my current location' });
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toBe(GEOLOCATION_MESSAGES.denied);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(onLocated).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(button));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onLocated).toHaveBeenCalledTimes(1);
  });
});
