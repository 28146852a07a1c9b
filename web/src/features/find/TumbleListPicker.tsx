import { useId } from "react";
import { PlanUpgradeNote, usePlanIncludes } from "../billing/index.ts";
import type { TumbleListEntry } from "./tumble-lists.ts";

/**
 * Which list the tumble word comes from: the lists the plan includes (one on free, with the
 * upgrade note for themed lists), and on plans with them the way to the person's own list.
 */
export function TumbleListPicker(props: {
  list: string;
  lists: { lists: TumbleListEntry[]; themedLists: boolean } | undefined;
  onChoose: (id: string) => void;
  editing: boolean;
  onEdit: () => void;
}) {
  const { list, lists, onChoose, editing, onEdit } = props;
  const selectId = useId();
  const included = lists?.lists.filter((l) => l.included) ?? [];
  // The server's answer decides; until it comes, the session's plan says what to show.
  const sessionHasThemes = usePlanIncludes("themedLists");
  const themedLists = lists?.themedLists ?? sessionHasThemes;
  return (
    <div className="find__lists" data-testid="tumble-lists">
      <label htmlFor={selectId} className="find__lists-label">
        words from
      </label>
      <select
        id={selectId}
        className="find__lists-select"
        value={list}
        disabled={lists === undefined}
        onChange={(event) => onChoose(event.target.value)}
        data-testid="tumble-list"
      >
        {lists === undefined ? (
          <option value={list}>…</option>
        ) : (
          included.map((l) => (
            <option key={l.id} value={l.id} disabled={l.terms === 0}>
              {l.terms === 0 ? `${l.name} (empty)` : l.name}
            </option>
          ))
        )}
      </select>
      {themedLists && (
        <button
          type="button"
          className="button button--outline find__lists-edit"
          aria-expanded={editing}
          onClick={onEdit}
          data-testid="written-list-edit"
        >
          edit your list
        </button>
      )}
      {!themedLists && (
        <PlanUpgradeNote feature="themedLists">
          themed word lists and your own are part of the pro plan.
        </PlanUpgradeNote>
      )}
    </div>
  );
}
