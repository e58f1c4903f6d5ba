/** The query layer in component tests: a fresh QueryClient with the app's defaults, and the API answered by a local fake. */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createQueryClient } from '../src/lib/query-client';

/** A token whose subject (the user id the app reads from it) is `userId`; the signature is not checked by the app. */
export function tokenFor(userId: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: userId })}.signature`;
}

export function withQueryClient(children: ReactNode, client: QueryClient = createQueryClient()) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export interface SentRequest {
  path: string;
  body: unknown;
}

/**
 * Answers the app's API calls: `respond` gets the path (without the base) and the JSON body and
 * returns the response. Returns the requests sent, in order.
 */
export function stubApi(respond: (path: string, body: unknown) => Response | Promise<Response>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\//, '');
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    sent.push({ path, body });
    return respond(path, body);
  });
  return sent;
}
