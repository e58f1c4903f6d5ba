/** How long a task's chat stays open for sending, for the client's and the driver's routes alike. */
import type { Queryable } from '../db/connection';
import { selectTaskEndedAt } from '../db/messages';
import { forbidden } from '../http/errors';
import { CHAT_ENDED, CHAT_OPEN_HOURS_AFTER_END } from '../../src/shared/limits';

/**
 * A chat takes messages until CHAT_OPEN_HOURS_AFTER_END after its task was completed or
 * cancelled (the former client and driver cannot write to each other for ever); then 403 for
 * both sides. Reading stays.
 */
export async function requireOpenChat(db: Queryable, taskId: string, now: Date): Promise<void> {
  const endedAt = await selectTaskEndedAt(db, taskId);
  if (endedAt && now.getTime() - endedAt.getTime() >= CHAT_OPEN_HOURS_AFTER_END * 3_600_000)
    throw forbidden(CHAT_ENDED);
}
