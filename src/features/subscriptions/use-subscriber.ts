import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import type { User } from '../../shared/contract';
import { failureMessage, readCallFailure } from '../../shared/call-failure';
import { getToken } from '../../lib/token-storage';
import { getUser } from './api/get-user';

const LOAD_FAILED = 'Failed to load user data';

/**
 * The signed-in user (for the checkout's e-mail and the subscribe call), loaded when the
 * screen opens. Returns a function that waits for it, so pressing Subscribe Now before it
 * has arrived does not claim there is no e-mail; null when it could not be loaded.
 */
export function useSubscriber(): () => Promise<User | null> {
  const loading = useRef<Promise<User | null>>(Promise.resolve(null));

  useEffect(() => {
    let isCurrent = true;
    const token = getToken();
    if (!token) return;
    loading.current = getUser(token).catch(async (error: unknown) => {
      const message = failureMessage(await readCallFailure(error), LOAD_FAILED);
      if (isCurrent) toast.error(message, { autoClose: 5000, toastId: 'subscribe-user' });
      return null;
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  return () => loading.current;
}
