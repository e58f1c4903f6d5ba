/**
 * The task's chat from the driver's side: the client's thread (POST /driver/getMessages, read
 * every 3 s while open) and a reply box. A message is sent with a clientId, so sending it
 * again after a lost answer delivers it once; offline it stays in the box.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { getDriverMessages, sendDriverMessage } from '../lib/api/driver';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import { formatLagosTime } from '../shared/display-format';
import { MAX_LENGTH } from '../shared/limits';
import { keptRead } from './kept';
import { Link } from './link';
import { ScreenAge } from './screen-age';

export function ChatScreen({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const key = ['driver', 'messages', taskId];
  const messages = useQuery({
    queryKey: key,
    queryFn: () => keptRead(`driver/messages/${taskId}`, () => getDriverMessages(taskId)),
    refetchInterval: 3_000,
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One clientId per message typed: a retry of the same text is the same message.
  const clientId = useRef<string | null>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    clientId.current ??= crypto.randomUUID();
    setSending(true);
    setError(null);
    try {
      await sendDriverMessage(taskId, content, clientId.current);
      clientId.current = null;
      setText('');
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      const failure = await readCallFailure(error);
      setError(
        failure.kind === 'network'
          ? 'Not sent: no network. Send it again when you are back online.'
          : failureMessage(failure, 'Not sent.'),
      );
    } finally {
      setSending(false);
    }
  };

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
            <span>{message.content}</span>
            <time dateTime={message.timestamp}>{formatLagosTime(Date.parse(message.timestamp))}</time>
          </li>
        ))}
      </ol>
      <form className="driver-form" onSubmit={send}>
        <label>
          Message
          <textarea
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              clientId.current = null;
            }}
            maxLength={MAX_LENGTH.chat}
            rows={2}
          />
        </label>
        {error ? (
          <p role="alert" className="driver-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="driver-button" disabled={sending}>
          Send
        </button>
      </form>
      <Link to={`/tasks/${taskId}`} className="driver-button driver-button-quiet">
        Back to the task
      </Link>
    </main>
  );
}
