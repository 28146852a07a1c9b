/**
 * The add-to-graph toggle of an article card (the feed's and a friend's): the caller owns the
 * state and the request; a click while one is in flight is ignored.
 */
import "./feed.css";
export function AddToggleButton({
  added,
  busy,
  onToggle,
}: {
  added: boolean;
  busy: boolean;
  onToggle: (wanted: boolean) => void;
}) {
  return (
    <button
      type="button"
      className="add-toggle"
      aria-pressed={added}
      title={added ? "in your graph" : "add to your graph"}
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
