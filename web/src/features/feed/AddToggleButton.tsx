/**
 * The add-to-graph toggle of an article card (the feed's and a friend's): the caller owns the
 * state and the request; a click while one is in flight is ignored, and offline it waits (saying
 * why) rather than flipping and flipping back.
 */
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./feed.css";

/** Said when the server refused the change and the toggle went back. */
export const addFailedText = (wanted: boolean) =>
  wanted
    ? "failed to add the article to your graph. please try again"
    : "failed to take the article out of your graph. please try again";

export function AddToggleButton({
  added,
  busy,
  onToggle,
}: {
  added: boolean;
  busy: boolean;
  onToggle: (wanted: boolean) => void;
}) {
  const online = useOnline();
  return (
    <button
      type="button"
      className="add-toggle"
      aria-pressed={added}
      disabled={!online}
      title={!online ? OFFLINE_REASON : added ? "in your graph" : "add to your graph"}
      data-testid="add-toggle"
      onClick={() => {
        if (!busy) onToggle(!added);
      }}
    >
      <span className="add-toggle__glyph" aria-hidden="true">
        {added ? "✓" : "+"}
      </span>
      {/* The name is the visible word plus context ("added to graph"), so speech control finds it. */}
      <span className="add-toggle__text">{added ? "added" : "add"}</span>
      <span className="visually-hidden"> to graph</span>
    </button>
  );
}
