import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { tabForKey } from "./tab-keys.ts";

interface TablistProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The tablist's accessible name. */
  label: string;
  className?: string;
  /** The id each tab carries (the panel's `aria-labelledby` names the selected one). */
  tabId: (tab: T) => string;
  panelId: string;
  testId: (tab: T) => string;
  children?: (tab: T) => ReactNode;
}

/**
 * A row of WAI-ARIA tabs over one panel: the selected tab alone is in the Tab order, and the
 * arrow keys, Home and End move selection and focus together.
 */
export function Tablist<T extends string>(props: TablistProps<T>) {
  const { tabs, selected, onSelect, label, className, tabId, panelId, testId, children } = props;
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  // Moves from the tab the key was pressed on, not the one last rendered as selected: a quick
  // second key press can come before the page has re-rendered for the first.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: T) => {
    const next = tabForKey(tabs, from, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div className={["segmented", className].filter(Boolean).join(" ")} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[t] = el;
          }}
          type="button"
          role="tab"
          id={tabId(t)}
          aria-selected={selected === t}
          aria-controls={panelId}
          tabIndex={selected === t ? 0 : -1}
          className="segmented__option"
          data-testid={testId(t)}
          onClick={() => {
            if (selected !== t) onSelect(t);
          }}
          onKeyDown={(event) => onKeyDown(event, t)}
        >
          {children ? children(t) : t}
        </button>
      ))}
    </div>
  );
}
