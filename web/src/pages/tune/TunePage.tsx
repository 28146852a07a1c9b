import { type KeyboardEvent, useCallback, useId, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { TUNE_TABS, type TuneTab, parseTuneTab, tabForKey } from "../../lib/tune-tabs.ts";
import { FeedTab } from "./FeedTab.tsx";
import { LaterTab } from "./LaterTab.tsx";
import { TopicsTab } from "./TopicsTab.tsx";

/** `/home/tune` — the person's settings, one tab at a time (`?tab=topics|media|feed|profile`). */
export function TunePage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTuneTab(params.get("tab"));

  const baseId = useId();
  const tabId = (t: TuneTab) => `${baseId}-tab-${t}`;
  const panelId = `${baseId}-panel`;
  const tabRefs = useRef<Partial<Record<TuneTab, HTMLButtonElement | null>>>({});

  // Replacing the entry: moving between tabs is not a trail the back button should walk.
  const choose = useCallback(
    (next: TuneTab) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set("tab", next);
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // Moves from the tab the key was pressed on, not the one last rendered as selected: a quick
  // second key press can come before the page has re-rendered for the first.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: TuneTab) => {
    const next = tabForKey(from, event.key);
    if (!next) return;
    event.preventDefault();
    choose(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="page tune" data-testid="tune-page">
      <header className="tune__intro">
        <p className="eyebrow">settings</p>
        <h1 className="page__title">tune</h1>
      </header>

      <div className="tune__tabs segmented" role="tablist" aria-label="settings">
        {TUNE_TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={tab === t}
            aria-controls={panelId}
            tabIndex={tab === t ? 0 : -1}
            className="segmented__option"
            data-testid={`tune-tab-${t}`}
            onClick={() => {
              if (tab !== t) choose(t);
            }}
            onKeyDown={(event) => onTabKeyDown(event, t)}
          >
            {t}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(tab)}
        className="tune__panel"
        data-testid={`tune-panel-${tab}`}
        // A panel with nothing to focus takes focus itself, so Tab from the tablist reaches it.
        tabIndex={tab === "topics" || tab === "feed" ? undefined : 0}
      >
        {tab === "topics" ? <TopicsTab /> : tab === "feed" ? <FeedTab /> : <LaterTab tab={tab} />}
      </div>
    </div>
  );
}
