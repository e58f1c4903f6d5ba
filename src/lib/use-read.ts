/**
 * A screen's view of a read its route loader started (session-reads.ts): loading, failed
 * (with the message the screen shows) or loaded (with `cachedAt` when the answer came from
 * the device). The rules every screen shares:
 * - Messages: no stored token gives the screen's `noToken` text; any other failure the
 *   server's message when it gave one, else the screen's `failed` text (`ownTextOnly`: always
 *   the screen's text).
 * - A read again (the route reloaded: `useRefetch`, or the network came back) keeps what is
 *   shown until its answer arrives; should it fail, what is shown stays.
 * - An answer from the device ('Offline - last updated <time>') is read again when the network
 *   returns (and again, a few times, while the answer is still the device's), so the screen
 *   shows fresh data and the label goes by itself.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter, type AnyRouter } from '@tanstack/react-router';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import type { Answer } from './api/answer';
import { readsSettled } from './session-reads';

export type ReadState<T> =
  | { status: 'loading' }
  | ({ status: 'error' } & ReadFailure)
  | { status: 'loaded'; data: T; cachedAt: number | null };

export interface ReadMessages {
  /** Shown when the read failed and the server gave no message of its own. */
  failed: string;
  /** Shown when no token is stored; `failed` when absent. */
  noToken?: string;
  /** Always show `failed`, even when the server gave a message. */
  ownTextOnly?: boolean;
}

export interface ReadFailure {
  message: string;
  /**
   * 'no-token': nothing was asked (no stored token); 'unauthorized': the server refused the
   * token (401) and the HTTP client has already ended the session; 'failed': anything else.
   */
  reason: 'no-token' | 'unauthorized' | 'failed';
}

/** The one rule for what a screen says when a read failed. */
export async function describeReadFailure(error: unknown, messages: ReadMessages): Promise<ReadFailure> {
  if (error instanceof Error && error.name === 'NoTokenError')
    return { message: messages.noToken ?? messages.failed, reason: 'no-token' };
  const failure = await readCallFailure(error);
  const message = messages.ownTextOnly ? messages.failed : failureMessage(failure, messages.failed);
  return { message, reason: failure.kind === 'http' && failure.status === 401 ? 'unauthorized' : 'failed' };
}

/** After the network returns, a read answered from the device again is tried again this many times, this far apart. */
export const ONLINE_RETRIES = 3;
export const ONLINE_RETRY_MS = 2_000;

const refetching = new WeakMap<AnyRouter, Promise<void>>();

/**
 * Reads the current screen again: its route loaders run with a new navigation's reads, and
 * what is shown stays until the answers arrive. The promise resolves once those reads have
 * settled, and calls meanwhile (two reads back online at once, a poll, a focus) share it: a
 * screen never has two refetches in flight.
 */
export function useRefetch(): () => Promise<void> {
  const router = useRouter();
  return useCallback(() => {
    let running = refetching.get(router);
    if (!running) {
      running = Promise.resolve()
        .then(() => router.invalidate())
        .then(readsSettled)
        .finally(() => refetching.delete(router));
      refetching.set(router, running);
    }
    return running;
  }, [router]);
}

export interface ReadOptions {
  /** Called when the server refused the token (401), even if the screen has gone by then. */
  onUnauthorized?: () => void;
}

export function useRead<T>(read: Promise<Answer<T>>, messages: ReadMessages, options: ReadOptions = {}): ReadState<T> {
  const [state, setState] = useState<ReadState<T>>({ status: 'loading' });
  const latest = useRef({ messages, options });
  latest.current = { messages, options };
  const refetch = useRefetch();

  useEffect(() => {
    let isCurrent = true;
    read.then(
      (answer) => {
        if (isCurrent) setState({ status: 'loaded', data: answer.data, cachedAt: answer.cachedAt });
      },
      async (error: unknown) => {
        const failure = await describeReadFailure(error, latest.current.messages);
        if (failure.reason === 'unauthorized') latest.current.options.onUnauthorized?.();
        if (isCurrent) setState((shown) => (shown.status === 'loaded' ? shown : { status: 'error', ...failure }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [read]);

  const isFromDevice = state.status === 'loaded' && state.cachedAt !== null;
  useEffect(() => {
    if (!isFromDevice) return;
    let isActive = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retriesLeft = 0;
    const readAgain = () => {
      clearTimeout(retry);
      void refetch().then(() => {
        // Still the device's answer (this effect would have ended otherwise): the first requests
        // after the network returns often fail still (the radio, the worker), so try again.
        if (isActive && navigator.onLine && retriesLeft-- > 0) retry = setTimeout(readAgain, ONLINE_RETRY_MS);
      });
    };
    const onOnline = () => {
      retriesLeft = ONLINE_RETRIES;
      readAgain();
    };
    window.addEventListener('online', onOnline);
    return () => {
      isActive = false;
      window.removeEventListener('online', onOnline);
      clearTimeout(retry);
    };
  }, [isFromDevice, refetch]);

  return state;
}
