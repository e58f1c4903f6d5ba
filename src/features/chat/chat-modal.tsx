import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { Task } from '../../shared/contract';
import { MAX_LENGTH } from '../../shared/limits';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { taskServiceName } from '../../shared/service-names';
import { Modal } from '../../ui/modal';
import { tellChatOpen } from '../../lib/push-device';
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

/** How far `child` is below the top of the visible part of `list`. */
function topIn(list: Element, child: Element): number {
  return child.getBoundingClientRect().top - list.getBoundingClientRect().top;
}

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
  // The message box: react-hook-form keeps its value; a send empties it at once and a failed
  // keep puts the words back (when nothing new was typed meanwhile).
  const form = useForm<{ message: string }>({ defaultValues: { message: '' } });
  const list = useRef<HTMLOListElement>(null);
  const driverFirstName = task.driver?.firstname?.trim() || 'Driver';

  /**
   * The first message shown when an older page was asked for, and its distance from the top of
   * the list: once the page is above it, it goes back to that distance, so the thread does not jump.
   */
  const keptPlace = useRef<{ anchor: Element; offset: number } | null>(null);
  const [olderNote, setOlderNote] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: focused once, as the chat opens.
  useEffect(() => form.setFocus('message'), []);
  useEffect(() => {
    tellChatOpen(task._id);
    return () => tellChatOpen(null);
  }, [task._id]);
  // Keep the newest message in view, or the reader's place when older messages arrived above.
  // Before the paint, so the thread is never drawn at the wrong place.
  const firstKey = chat.entries[0]?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (or an older page) is the trigger, though the effect does not read it.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const place = keptPlace.current;
    if (place?.anchor.isConnected) {
      // The older page has not arrived yet: the reader stays where they are.
      if (element.querySelector('.chat-message') === place.anchor) return;
      element.scrollTop += topIn(element, place.anchor) - place.offset;
    } else {
      element.scrollTop = element.scrollHeight;
    }
    keptPlace.current = null;
  }, [chat.entries.length, firstKey]);

  const loadOlder = async () => {
    const element = list.current;
    const anchor = element?.querySelector('.chat-message');
    if (element && anchor) keptPlace.current = { anchor, offset: topIn(element, anchor) };
    const added = await chat.loadOlder();
    if (added === 0) keptPlace.current = null;
    setOlderNote(
      added > 0 ? `Loaded ${added} earlier message${added === 1 ? '' : 's'}` : 'Could not load earlier messages',
    );
  };
  // Scrolling to the top of the thread loads the page before it, as chat apps do.
  const onScroll = () => {
    if (chat.hasOlder && !chat.isLoadingOlder && (list.current?.scrollTop ?? 1) < 40) void loadOlder();
  };

  const submit = form.handleSubmit(async ({ message: typed }) => {
    if (typed.trim() === '') return;
    form.setValue('message', '');
    try {
      await chat.send(typed);
    } catch (error) {
      console.warn('Could not send or keep the message', error);
      if (form.getValues('message') === '') form.setValue('message', typed);
      toast.error(NOT_SAVED, { autoClose: 5000 });
    }
    form.setFocus('message');
  });

  return (
    <Modal
      title={`Chat with ${driverFirstName}`}
      subtitle={<p className="chat-subtitle">{taskServiceName(task)}</p>}
      className="chat-modal"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      {/* Focusable, so a keyboard can scroll a long thread (Arrow keys, Page Up/Down). */}
      <ol
        ref={list}
        className="chat-messages"
        aria-label="Messages"
        aria-live="polite"
        aria-busy={chat.isLoading}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
        tabIndex={0}
        onScroll={onScroll}
      >
        {chat.hasOlder ? (
          <li className="chat-older">
            <button
              type="button"
              className="chat-older-button"
              disabled={chat.isLoadingOlder}
              onClick={() => void loadOlder()}
            >
              {chat.isLoadingOlder ? 'Loading earlier messages…' : 'Load earlier messages'}
            </button>
          </li>
        ) : null}
        {chat.isLoading && chat.entries.length === 0 ? <li className="chat-empty">Loading messages…</li> : null}
        {!chat.isLoading && chat.entries.length === 0 ? (
          <li className="chat-empty">No messages yet. Say hello to your driver.</li>
        ) : null}
        {chat.entries.map((entry) => (
          <li
            key={entry.key}
            className={`chat-message chat-message-${entry.sender === 'user' ? 'own' : entry.sender === 'system' ? 'system' : 'driver'}`}
            data-state={entry.state}
          >
            {entry.sender === 'user' ? <span className="sr-only">You:</span> : null}
            {entry.sender === 'driver' ? (
              // Each driver message names its writer: after a reassignment the thread holds two drivers.
              <p className="chat-sender">
                {entry.senderName ?? driverFirstName}
                <span className="sr-only">:</span>
              </p>
            ) : null}
            {entry.sender === 'system' ? <span className="sr-only">GreenPick:</span> : null}
            <p className="chat-bubble">{entry.content}</p>
            {entry.sender === 'system' ? null : (
              <p className="chat-meta">
                <EntryStatus entry={entry} onRetry={(id) => void chat.retry(id)} />
              </p>
            )}
          </li>
        ))}
      </ol>
      <p className="sr-only" role="status">
        {olderNote}
      </p>
      <form className="chat-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <input
          id="chat-input"
          className="text-input chat-input"
          type="text"
          placeholder="Type your message..."
          autoComplete="off"
          maxLength={MAX_LENGTH.chat}
          {...form.register('message')}
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
