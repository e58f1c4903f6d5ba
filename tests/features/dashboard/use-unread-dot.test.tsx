// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useUnreadDot } from '../../../src/features/dashboard/use-unread-dot';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the red dot after the client has read the events', () => {
  it('follows the notification flag until read; then only an answer read after that can bring it back', async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    const first = deferred();
    const { result, rerender } = renderHook(({ dashboard, flag }) => useUnreadDot(dashboard, flag), {
      initialProps: { dashboard: first.promise, flag: true },
    });
    await act(async () => first.resolve());
    expect(result.current.hasUnread).toBe(true);

    // A read already on its way when the client opens the list...
    vi.setSystemTime(2_000);
    const before = deferred();
    rerender({ dashboard: before.promise, flag: true });
    vi.setSystemTime(3_000);
    act(() => result.current.markRead());
    expect(result.current.hasUnread).toBe(false);
    // ...answers with the flag still on: the dot stays off.
    await act(async () => before.resolve());
    expect(result.current.hasUnread).toBe(false);

    // A read started after: a new event is a new dot.
    vi.setSystemTime(4_000);
    const after = deferred();
    rerender({ dashboard: after.promise, flag: true });
    await act(async () => after.resolve());
    expect(result.current.hasUnread).toBe(true);
    rerender({ dashboard: after.promise, flag: false });
    expect(result.current.hasUnread).toBe(false);
  });
});
