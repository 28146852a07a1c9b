import { typingText } from "./chat.ts";
import "./chat.css";

/** '<name> is typing…' under the messages; the line keeps its height so the list does not jump. */
export function TypingIndicator({ names }: { names: string[] }) {
  return (
    <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
      {typingText(names)}
    </p>
  );
}
