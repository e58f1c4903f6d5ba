import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { User } from '../../shared/contract';
import { failureMessage, readCallFailure } from '../../shared/call-failure';
import { getToken } from '../../lib/token-storage';
import { getUser } from './api/get-user';

export type CurrentUser =
  | { status: 'loading' }
  /** `isUnauthorized`: the server refused the token (401); the client has already removed it. */
  | { status: 'error'; message: string; isUnauthorized: boolean }
  | { status: 'loaded'; user: User };

interface Messages {
  /** Shown when no token is stored. */
  noToken: string;
  /** Shown when the server gave no message of its own (or `always` is set). */
  failed: string;
  /** Show `failed` even when the server gave a message. */
  alwaysFailed?: boolean;
  /**
   * A 401 goes to /login (the profile screens). It navigates even if the shell has already
   * started leaving for / on the expired session, so the later navigation, to /login, wins.
   */
  redirectOnUnauthorized?: boolean;
}

/** The signed-in user for the profile screens, read from the server on every visit. */
export function useCurrentUser(messages: Messages): [CurrentUser, (user: User) => void] {
  const [state, setState] = useState<CurrentUser>({ status: 'loading' });
  const { noToken, failed, alwaysFailed, redirectOnUnauthorized } = messages;
  const router = useRouter();

  useEffect(() => {
    let isCurrent = true;
    const token = getToken();
    if (!token) {
      setState({ status: 'error', message: noToken, isUnauthorized: false });
      return;
    }
    getUser(token).then(
      (user) => {
        if (isCurrent) setState({ status: 'loaded', user });
      },
      async (error: unknown) => {
        const failure = await readCallFailure(error);
        const isUnauthorized = failure.kind === 'http' && failure.status === 401;
        const message = alwaysFailed ? failed : failureMessage(failure, failed);
        if (isUnauthorized && redirectOnUnauthorized) void router.navigate({ to: '/login', replace: true });
        if (isCurrent) setState({ status: 'error', message, isUnauthorized });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [noToken, failed, alwaysFailed, redirectOnUnauthorized, router]);

  return [state, (user) => setState({ status: 'loaded', user })];
}
