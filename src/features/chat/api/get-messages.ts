import type { ChatMessage, GetMessagesAnswer, GetMessagesRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';

/**
 * POST /client/getMessages {taskId, since?}: with `since`, only messages newer than it (a poll
 * with nothing new costs a few hundred bytes). Not retried: the 2 s poll is the retry.
 */
export async function getMessages(taskId: string, since?: string): Promise<ChatMessage[]> {
  const body: GetMessagesRequest = since ? { taskId, since } : { taskId };
  const answer = await http.post('client/getMessages', { json: body, retry: 0 }).json<GetMessagesAnswer>();
  return answer.data.messages;
}
