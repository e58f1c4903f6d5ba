// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useUnreadDot } from '../../../src/features/dashboard/use-unread-dot';
import { userQuery } from '../../../src/lib/api/user';
import { createQueryClient } from '../../../src/lib/query-client';
import { sampleUser } from '../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the red dot after the client has read the events', () => {
  it('follows the notification flag until read; a query already on its way cannot bring it back, a later one can', async () => {
    const responses: Array<() => void> = [];
    stubApi(
      () =>
        new Promise((resolve) =>
          responses.push(() => resolve(Response.json({ data: sampleUser({ notification: true }) }))),
        ),
    );
    const client = createQueryClient();
    const { result } = renderHook(
      () => {
        const user = useQuery(userQuery());
        return { user, dot: useUnreadDot(Boolean(user.data?.data.notification)) };
      },
      { wrapper: ({ children }) => withQueryClient(children, client) },
    );
    await waitFor(() => expect(responses).toHaveLength(1));
    await act(async () => responses.shift()!());
    await waitFor(() => expect(result.current.dot.hasUnread).toBe(true));

    // A query already on its way when the client opens the list...
    void act(() => void result.current.user.refetch());
    await waitFor(() => expect(responses).toHaveLength(1));
    act(() => result.current.dot.markRead());
    await waitFor(() => expect(result.current.dot.hasUnread).toBe(false));
    // ...responds with the flag still on: the dot stays off.
    await act(async () => responses.shift()!());
    expect(result.current.dot.hasUnread).toBe(false);

    // A query started after: a new event is a new dot.
    void act(() => void result.current.user.refetch());
    await waitFor(() => expect(responses).toHaveLength(1));
    await act(async () => responses.shift()!());
    await waitFor(() => expect(result.current.dot.hasUnread).toBe(true));
  });
});
