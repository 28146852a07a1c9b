import { useEffect } from "react";
import { Modal } from "../../components/Modal.tsx";
import { FEED_KEYS } from "./use-feed-keys-map.ts";
import { type FeedKeysWhere, useFeedKeys } from "./use-feed-keys.ts";
import "./keyboard-help.css";

const HELP = "keyboard-help";
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the open dialog: a modal `<dialog>` stops focus reaching the page behind it,
 * but Chromium lets Tab leave its last control for the browser's own toolbar.
 */
function useFocusTrap(open: boolean, testId: string) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const dialog = document.querySelector<HTMLDialogElement>(`dialog[data-testid="${testId}"]`);
      const stops = Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      if (stops.length === 0) return;
      const first = stops[0]!;
      const last = stops.at(-1)!;
      const at = document.activeElement;
      if (event.shiftKey ? at === first || !dialog?.contains(at) : at === last || !dialog?.contains(at)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, testId]);
}

/**
 * The feed's keyboard: the keys themselves (use-feed-keys.ts), a visible way to the list of them,
 * the list in a dialog (`?` opens it too; Escape closes it), and the polite live region that says
 * which card has focus and what a key did.
 */
export function FeedKeyboard({ where }: { where: FeedKeysWhere }) {
  const { helpOpen, openHelp, closeHelp, announcement } = useFeedKeys(where);
  useFocusTrap(helpOpen, HELP);
  return (
    <>
      <p className="feed-keys">
        <button type="button" className="feed-keys__open text-link" data-testid="keyboard-help-open" onClick={openHelp}>
          keyboard shortcuts
        </button>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="feed-keys-said">
        {/* A repeated message differs by an invisible space, so it is said again. */}
        {announcement.text}
        {announcement.count % 2 === 1 ? "\u00a0" : ""}
      </p>
      <Modal open={helpOpen} onClose={closeHelp} title="keyboard shortcuts" testId={HELP}>
        <p>on the feed and the following feed, when you are not typing in a field:</p>
        <table className="feed-keys__table">
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col">does</th>
            </tr>
          </thead>
          <tbody>
            {FEED_KEYS.map((entry) => (
              <tr key={entry.action} data-testid="keyboard-help-row">
                <th scope="row">
                  {entry.label.split(" or ").map((key, i) => (
                    <span key={key}>
                      {i > 0 && " or "}
                      <kbd className="feed-keys__key">{key}</kbd>
                    </span>
                  ))}
                </th>
                <td>{entry.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Escape closes this list.</p>
      </Modal>
    </>
  );
}
