/**
 * The chat's one mutation, beside the feature's delivery rule (chat-delivery.ts: the worker or
 * the page sends or queues). The keys and reads are in src/lib/api/chat.ts with the others.
 */
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { addMessages, chatKeys, chatThreadQuery, outboxQuery, type MessagesPage } from '../../../lib/api/chat';
import { getToken } from '../../../lib/token-storage';
import { sendChatMessage } from '../chat-delivery';
import type { InFlightMessage } from '../chat-thread';

/**
 * Sends a message of the signed-in client on a task. A message that got through joins the
 * kept thread at once; the outbox is read again after every send, so a queued message never
 * blinks out between the in-flight list and the outbox.
 */
export function useSendChatMessage(taskId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send(taskId),
    mutationFn: ({ clientId, content }: InFlightMessage) =>
      sendChatMessage(
        { taskId, sender: 'user', content, clientId, userId, token: getToken() ?? undefined },
        onlineManager.isOnline(),
      ),
    onSuccess: (outcome) => {
      if (outcome.state !== 'sent') return;
      queryClient.setQueryData<MessagesPage>(chatThreadQuery(taskId).queryKey, (cached) =>
        cached ? { ...cached, messages: addMessages(cached.messages, [outcome.message]) } : cached,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQuery(taskId).queryKey }),
  });
}
