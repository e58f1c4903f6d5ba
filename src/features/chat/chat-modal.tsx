import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { Task } from '../../shared/contract';
import { MAX_LENGTH } from '../../shared/limits';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { taskServiceName } from '../../shared/service-names';
import { Modal } from '../../ui/modal';
import type { ChatEntry } from './chat-thread';
import { useChat } from './use-chat';
import '../../ui/text-input.css';
import './chat.css';

interface ChatModalProps {
  task: Task;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}

const NOT_SAVED = 'Your message could not be kept on this device. Please try again.';
/** Scrolled this close to the top, the page before the oldest shown message is fetched. */
const OLDER_THRESHOLD_PX = 48;

function when(timestamp: string): string {
  return formatDate(timestamp) === formatDate(new Date()) ? formatTime(timestamp) : formatDateTime(timestamp);
}

function EntryStatus({ entry, onRetry }: { entry: ChatEntry; onRetry: (outboxId: number) => void }) {
  if (entry.state === 'sent') return <time dateTime={entry.timestamp}>{when(entry.timestamp)}</time>;
  if (entry.state === 'sending') return <span>Sending…</span>;
  if (entry.state === 'waiting') {
    return (
      <span className="chat-waiting">
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        waiting for network
      </span>
    );
  }
  return (
    <span className="chat-failed">
      Not sent: {entry.failedReason}
      {entry.outboxId !== undefined ? (
        <button type="button" className="chat-retry" onClick={() => onRetry(entry.outboxId!)}>
          Retry
        </button>
      ) : null}
    </span>
  );
}

/**
 * Chat with Driver (docs/product.md, Driver and chat): the task's messages (yours on the right, the driver's on
 * the left, each with its time or its delivery state), 'Type your message...', Send, Close.
 */
export function ChatModal({ task, onClose, returnFocusTo }: ChatModalProps) {
  const chat = useChat(task._id, task.user);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const driverFirstName = task.driver?.firstname?.trim() || 'Driver';

  const [olderNews, setOlderNews] = useState('');
  // Where the client was, from the bottom, when older messages were asked for.
  const keptFromBottom = useRef<{ distance: number; count: number } | null>(null);

  useEffect(() => input.current?.focus(), []);
  const newestKey = chat.entries.at(-1)?.key;
  const oldestKey = chat.entries[0]?.key;
  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new newest message is the trigger, though the effect does not read it.
  useEffect(() => {
    const element = list.current;
    if (element && !keptFromBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestKey]);
  // Older messages arrived above: the ones the client was reading stay where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new oldest message is the trigger.
  useLayoutEffect(() => {
    const element = list.current;
    const kept = keptFromBottom.current;
    if (!element || !kept || chat.entries.length === kept.count) return;
    element.scrollTop = element.scrollHeight - kept.distance;
    setOlderNews(`${chat.entries.length - kept.count} older messages loaded`);
    keptFromBottom.current = null;
  }, [oldestKey]);
  useEffect(() => {
    if (!chat.isLoadingOlder && !chat.hasOlder && keptFromBottom.current) {
      keptFromBottom.current = null;
      setOlderNews('No older messages');
    }
  }, [chat.isLoadingOlder, chat.hasOlder]);

  const onScroll = () => {
    const element = list.current;
    if (!element || element.scrollTop > OLDER_THRESHOLD_PX || !chat.hasOlder || chat.isLoadingOlder) return;
    keptFromBottom.current = { distance: element.scrollHeight - element.scrollTop, count: chat.entries.length };
    setOlderNews('Loading older messages…');
    chat.loadOlder();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text;
    if (typed.trim() === '') return;
    setText('');
    try {
      await chat.send(typed);
    } catch (error) {
      console.warn('Could not send or keep the message', error);
      setText((current) => current || typed);
      toast.error(NOT_SAVED, { autoClose: 5000 });
    }
    input.current?.focus();
  };

  return (
    <Modal
      title={`Chat with ${driverFirstName}`}
      subtitle={<p className="chat-subtitle">{taskServiceName(task)}</p>}
      className="chat-modal"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <p className="sr-only" role="status">
        {olderNews}
      </p>
      {/* Focusable, so a keyboard can scroll a long thread (Arrow keys, Page Up/Down); at the top older messages load. */}
      <ol
        ref={list}
        className="chat-messages"
        aria-label="Messages"
        aria-live="polite"
        aria-busy={chat.isLoading || chat.isLoadingOlder}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
        tabIndex={0}
      >
        {chat.isLoading && chat.entries.length === 0 ? <li className="chat-empty">Loading messages…</li> : null}
        {chat.isLoadingOlder ? (
          <li className="chat-empty" aria-hidden="true">
            Loading older messages…
          </li>
        ) : null}
        {!chat.isLoading && chat.entries.length === 0 ? (
          <li className="chat-empty">No messages yet. Say hello to your driver.</li>
        ) : null}
        {chat.entries.map((entry) => (
          <li
            key={entry.key}
            className={`chat-message chat-message-${entry.sender === 'user' ? 'own' : 'driver'}`}
            data-state={entry.state}
          >
            <span className="sr-only">{entry.sender === 'user' ? 'You:' : `${driverFirstName}:`}</span>
            <p className="chat-bubble">{entry.content}</p>
            <p className="chat-meta">
              <EntryStatus entry={entry} onRetry={(id) => void chat.retry(id)} />
            </p>
          </li>
        ))}
      </ol>
      <form className="chat-form" onSubmit={submit}>
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <input
          id="chat-input"
          ref={input}
          className="text-input chat-input"
          type="text"
          placeholder="Type your message..."
          autoComplete="off"
          maxLength={MAX_LENGTH.chat}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button chat-send" aria-label="Send">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" />
          </svg>
          <span className="chat-send-text">Send</span>
        </button>
      </form>
    </Modal>
  );
}
