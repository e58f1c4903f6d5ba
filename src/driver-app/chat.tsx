/**
 * The task's chat from the driver's side: the client's thread (POST /driver/getMessages, read
 * every 3 s while open) and a reply box. A message goes through the queue of the driver's
 * steps (./actions.ts) with a clientId: offline it waits, in order, and it is delivered once
 * however often it is sent.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { driverKeys, getDriverMessages } from '../lib/api/driver';
import { useOnline } from '../lib/use-online';
import { queueAction, useActions } from './actions';
import { formatLagosTime } from '../shared/display-format';
import { MAX_LENGTH } from '../shared/limits';
import { keptRead } from './kept';
import { Link } from './link';
import { ScreenAge } from './screen-age';

export function ChatScreen({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: driverKeys.messages(taskId),
    queryFn: () => keptRead(`driver/messages/${taskId}`, () => getDriverMessages(taskId)),
    refetchInterval: 3_000,
  });
  const network = useOnline();
  // The reply box: react-hook-form keeps its value (no resolver: an empty reply is not sent), and a
  // send empties it at once, the message being queued (./actions.ts).
  const form = useForm<{ message: string }>({ defaultValues: { message: '' } });
  const delivered = new Set(messages.data?.data.messages.map((message) => message.clientId));
  // Queued and not in the thread yet (a sent one stays queued until the thread has been read again).
  const outbox = useActions().filter(
    (action) => action.kind === 'message' && action.taskId === taskId && !delivered.has(action.clientId ?? ''),
  );

  const send = form.handleSubmit(({ message }) => {
    const content = message.trim();
    if (!content) return;
    form.setValue('message', '');
    void queueAction(queryClient, { kind: 'message', taskId, content, clientId: crypto.randomUUID() });
  });

  return (
    <main className="driver-main driver-chat">
      <h1>Chat with the client</h1>
      <ScreenAge kept={messages.data} />
      <ol className="driver-messages" aria-label="Messages">
        {messages.data?.data.messages.map((message) => (
          <li key={message._id} className={`driver-message driver-message-${message.sender}`}>
            <span className="driver-message-who">
              {message.sender === 'driver' ? 'You' : message.sender === 'user' ? 'Client' : 'GreenPick'}
            </span>
            <span dir="auto">{message.content}</span>
            <time dateTime={message.timestamp}>{formatLagosTime(Date.parse(message.timestamp))}</time>
          </li>
        ))}
        {outbox.map((action) => (
          <li key={action.id} className="driver-message driver-message-driver driver-message-waiting">
            <span className="driver-message-who">You</span>
            <span dir="auto">{action.content}</span>
            <span className={action.refusal ? 'driver-error' : undefined}>
              {action.refusal ? `Not sent: ${action.refusal}` : network ? 'Sending…' : 'Waiting for the network'}
            </span>
          </li>
        ))}
      </ol>
      <form className="driver-form" onSubmit={(event) => void send(event)}>
        <label>
          Message
          <textarea maxLength={MAX_LENGTH.chat} rows={2} {...form.register('message')} />
        </label>
        <button type="submit" className="driver-button">
          Send
        </button>
      </form>
      <Link to={`/tasks/${taskId}`} className="driver-button driver-button-quiet">
        Back to the task
      </Link>
    </main>
  );
}
