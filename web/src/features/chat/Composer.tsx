import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { showsNothing } from "@graph/core/modules/chat/rules";
import { MESSAGE_MAX_CHARS } from "./chat.ts";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./chat.css";

interface ComposerProps {
  label: string;
  disabled?: boolean;
  onKeyPressed: () => void;
  /** Sends the trimmed text; answering false keeps it in the field (the send failed). */
  onSend: (content: string) => void | boolean | Promise<void | boolean>;
}

/** The message field: Enter sends, Shift+Enter starts a new line. */
export function Composer({ label, disabled = false, onKeyPressed, onSend }: ComposerProps) {
  const [text, setText] = useState("");
  const online = useOnline();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  // Only invisible characters (a zero-width space...) is empty too, as the server says.
  const empty = showsNothing(content);

  const send = async () => {
    if (empty || disabled || !online) return;
    setText("");
    const sent = await onSend(content);
    if (sent === false) setText((now) => now || text);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a character, it does not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit} data-testid="chat-composer">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        className="chat-composer__input"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_CHARS}
        placeholder="write a message…"
        data-testid="chat-input"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) onKeyPressed();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="button button--primary chat-composer__send"
        disabled={empty || disabled || !online}
        title={online ? undefined : OFFLINE_REASON}
        data-testid="chat-send"
      >
        send
      </button>
    </form>
  );
}
