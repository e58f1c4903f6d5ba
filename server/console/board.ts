/**
 * The board's read (issue 63, docs/operations.md 'The board'): the filters of `GET /ops/tasks`,
 * the search by address, name, phone, task id or driver, server paging, due first, and the
 * Needs attention lane's reasons (computed in SQL: server/db/ops.ts, selectBoardTasks).
 */
import { BOARD_PAGE_SIZE, type BoardQuery } from '../../src/shared/schemas/ops-console';
import type { Queryable } from '../db/connection';
import * as sql from '../db/ops';
import { type OpsTask, toOpsTask } from './commands';

export interface BoardPage {
  tasks: OpsTask[];
  /** How many tasks matched (all pages). */
  total: number;
}

/**
 * The board's read (`GET /ops/tasks` with its filters): due first; `page` from 1, BOARD_PAGE_SIZE
 * rows each; without a page every matching row.
 */
export async function listBoard(
  db: Queryable,
  query: BoardQuery,
  context: { now: Date; attentionMinutes: number },
): Promise<BoardPage> {
  const search = query.search ? query.search : null;
  const digits = search?.replace(/[^0-9]/g, '') ?? '';
  // '0803 123 4567', '+234 803...' and '803...' all find +2348031234567.
  const national = digits.replace(/^(234|0)/, '');
  const rows = await sql.selectBoardTasks(db, {
    now: context.now,
    attentionMinutes: context.attentionMinutes,
    open: query.state === 'open',
    status: query.status ?? null,
    search,
    searchDigits: national.length >= 4 ? national : null,
    service: query.service ?? null,
    day: query.day ?? null,
    driverId: query.driver ?? null,
    attentionOnly: query.attention === '1',
    limit: query.page === undefined ? null : BOARD_PAGE_SIZE,
    offset: query.page === undefined ? 0 : (query.page - 1) * BOARD_PAGE_SIZE,
  });
  return { tasks: rows.map(toOpsTask), total: rows[0]?.total ?? 0 };
}
