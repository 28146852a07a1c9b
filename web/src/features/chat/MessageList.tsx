import { useEffect, useLayoutEffect, useRef } from "react";
import type { ChatMessage } from "./types.ts";
import { LOAD_OLDER_PX, messageTime } from "./chat.ts";
import { renderMessageText } from "./chat-text.ts";
import type { OutboxEntry } from "./realtime/connection.ts";
import { realtime } from "./realtime/realtime.ts";
import "./chat.css";

interface MessageListProps {
  me: string;
  isGroup: boolean;
  messages: ChatMessage[];
  pending: OutboxEntry[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  emptyText?: string;
}

/** Counts as "at the bottom" within this many pixels: new messages then keep it there. */
const STICK_PX = 80;

/**
 * The conversation's messages, oldest at the top. Scrolling within 50 px of the top loads older
 * ones without moving what is on screen; new ones keep the list at the bottom when it was there.
 */
export function MessageList(props: MessageListProps) {
  const { me, isGroup, messages, pending, isPending, isError, onRetry, hasOlder, loadingOlder, loadOlder } = props;
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The list's height and scroll before older messages were asked for, to restore the view after. */
  const before = useRef<{ height: number; top: number } | null>(null);
  const count = messages.length + pending.length;
  const oldestId = messages[0]?.id;

  const maybeLoadOlder = () => {
    const el = box.current;
    if (!el || !hasOlder || loadingOlder || before.current) return;
    if (el.scrollTop > LOAD_OLDER_PX) return;
    before.current = { height: el.scrollHeight, top: el.scrollTop };
    loadOlder();
  };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (before.current && !loadingOlder) {
      // Older messages went in above: keep the same message under the reader's eyes.
      el.scrollTop = el.scrollHeight - before.current.height + before.current.top;
      before.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [count, oldestId, loadingOlder]);

  // A first page too short to scroll cannot be scrolled to its top: load older ones until it can.
  useEffect(() => {
    const el = box.current;
    if (el && !isPending && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) {
      before.current = { height: el.scrollHeight, top: el.scrollTop };
      loadOlder();
    }
  }, [isPending, hasOlder, loadingOlder, count, loadOlder]);

  // Sending moves to the bottom, wherever the reader was.
  const lastPending = pending.at(-1)?.clientId;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && lastPending) {
      atBottom.current = true;
      el.scrollTop = el.scrollHeight;
    }
  }, [lastPending]);

  return (
    <div
      ref={box}
      className="chat-messages"
      data-testid="chat-messages"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling log is scrolled by keyboard once focused
      tabIndex={0}
      role="log"
      aria-label="messages"
      aria-busy={isPending || loadingOlder}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        maybeLoadOlder();
      }}
    >
      {loadingOlder && (
        <p className="chat-messages__status fine-print" role="status">
          loading older messages…
        </p>
      )}
      {isPending ? (
        <p className="chat-messages__status fine-print" role="status">
          loading messages…
        </p>
      ) : isError ? (
        <p className="chat-messages__status fine-print" role="alert">
          couldn't load the messages.{" "}
          <button type="button" className="button button--ghost" onClick={onRetry}>
            try again
          </button>
        </p>
      ) : count === 0 ? (
        <p className="chat-messages__status fine-print">{props.emptyText ?? "no messages yet. say hi."}</p>
      ) : (
        <ol className="chat-messages__list">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              mine={message.senderId === me}
              showSender={isGroup}
              sender={message.senderName}
              content={message.content}
              sentAt={message.sentAt}
            />
          ))}
          {pending.map((entry) => (
            <MessageItem
              key={entry.clientId}
              mine
              showSender={false}
              sender=""
              content={entry.content}
              sentAt={entry.queuedAt}
              pending={entry}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface MessageItemProps {
  mine: boolean;
  showSender: boolean;
  sender: string;
  content: string;
  sentAt: string;
  pending?: OutboxEntry;
}

function MessageItem({ mine, showSender, sender, content, sentAt, pending }: MessageItemProps) {
  const state = pending ? (pending.failed ? "failed" : "sending") : "sent";
  return (
    <li
      className={`chat-message ${mine ? "chat-message--mine" : "chat-message--theirs"}`}
      data-testid="chat-message"
      data-state={state}
      data-mine={mine}
    >
      {showSender && !mine && <span className="chat-message__sender">{sender}</span>}
      <div className="chat-message__body">{renderMessageText(content)}</div>
      <span className="chat-message__meta">
        {state === "sending" ? (
          "sending…"
        ) : state === "failed" ? (
          <>
            <span className="chat-message__failed">not sent: {pending?.failed}</span>{" "}
            <button type="button" className="chat-message__action" onClick={() => realtime.retry(pending!.clientId)}>
              retry
            </button>{" "}
            <button type="button" className="chat-message__action" onClick={() => realtime.dismiss(pending!.clientId)}>
              dismiss
            </button>
          </>
        ) : (
          <time dateTime={sentAt}>{messageTime(sentAt)}</time>
        )}
      </span>
    </li>
  );
}
