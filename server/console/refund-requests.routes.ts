/**
 * Refund requests (issue 63, docs/operations.md 'Refund requests'): support sends a refund
 * above their limit to the admins, who approve or decline it with a note.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { cancelTaskSchema, refundDecisionSchema } from '../../src/shared/schemas/ops-console';
import type { AppEnv } from '../context';
import { requireRole } from '../http/roles';
import { jsonBody, paramOf } from '../http/validator';
import { opsIdSchema } from './commands';
import { approveRefundRequest, declineRefundRequest, listRefundRequests, requestRefund } from './refund-escalation';
import { actorOf, run } from './ops-edge';

const SUPPORT = requireRole('operator', { roles: ['support'] });
const ADMIN = requireRole('operator', { roles: ['admin'] });
const idOf = (what: string) => paramOf(z.object({ id: opsIdSchema(`${what} id`) }));

export const refundRequestRoutes = new Hono<AppEnv>();

refundRequestRoutes.post(
  '/ops/tasks/:id/refund-request',
  SUPPORT,
  idOf('task'),
  jsonBody(cancelTaskSchema),
  async (c) => {
    const taskId = c.req.valid('param').id;
    const { reason } = c.req.valid('json');
    return c.json({ data: await run(() => requestRefund(c.var.deps, taskId, reason, actorOf(c))) }, 201);
  },
);

refundRequestRoutes.get('/ops/refund-requests', ADMIN, async (c) =>
  c.json({ data: await listRefundRequests(c.var.deps.db) }),
);

refundRequestRoutes.post(
  '/ops/refund-requests/:id/approve',
  ADMIN,
  idOf('request'),
  jsonBody(refundDecisionSchema),
  async (c) => {
    const caller = { actor: actorOf(c), now: c.var.deps.now() };
    const { note } = c.req.valid('json');
    return c.json({ data: await run(() => approveRefundRequest(c.var.deps, c.req.valid('param').id, note, caller)) });
  },
);

refundRequestRoutes.post(
  '/ops/refund-requests/:id/decline',
  ADMIN,
  idOf('request'),
  jsonBody(refundDecisionSchema),
  async (c) => {
    const { db, now } = c.var.deps;
    const { note } = c.req.valid('json');
    const caller = { actor: actorOf(c), now: now() };
    return c.json({ data: await run(() => declineRefundRequest(db, c.req.valid('param').id, note, caller)) });
  },
);
