// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cancelTask,
  getReceipt,
  getSupportRequests,
  rateTask,
  sendSupportRequest,
} from '../../../src/lib/api/aftercare';

afterEach(() => vi.unstubAllGlobals());

/** Records each call's path and body and answers `{ data: <path> }`. */
function recordCalls() {
  const calls: Array<[string, unknown]> = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push([`${request.method} ${path}`, await request.json()]);
    return Response.json({ data: path });
  });
  return calls;
}

describe('the after-payment API functions', () => {
  it('post to their paths with the request and give the envelope’s data', async () => {
    const calls = recordCalls();
    expect(await cancelTask({ taskId: 't1', reason: 'other', note: 'Moved house' })).toBe('/client/tasks/cancel');
    expect(await rateTask({ taskId: 't1', stars: 5 })).toBe('/client/tasks/rate');
    expect(await getReceipt('t1')).toBe('/client/tasks/receipt');
    expect(await sendSupportRequest({ taskId: 't1', category: 'pickup', text: 'Nobody came' })).toBe('/client/support');
    expect(await getSupportRequests()).toBe('/client/support/list');
    expect(calls).toEqual([
      ['POST /client/tasks/cancel', { taskId: 't1', reason: 'other', note: 'Moved house' }],
      ['POST /client/tasks/rate', { taskId: 't1', stars: 5 }],
      ['POST /client/tasks/receipt', { taskId: 't1' }],
      ['POST /client/support', { taskId: 't1', category: 'pickup', text: 'Nobody came' }],
      ['POST /client/support/list', {}],
    ]);
  });
});
