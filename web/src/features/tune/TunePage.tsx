import { useCallback, useId } from "react";
import { useSearchParams } from "react-router-dom";
import { Tablist } from "../../components/Tablist.tsx";
import { TUNE_TABS, type TuneTab, parseTuneTab } from "./tune-tabs.ts";
import { FeedTab } from "./FeedTab.tsx";
import { MediaTab } from "../media/index.ts";
import { ProfileTab } from "../profile/index.ts";
import { TopicsTab } from "../topics/index.ts";
import "./tune.css";

/** `/home/tune` — the person's settings, one tab at a time (`?tab=topics|media|feed|profile`). */
export function TunePage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTuneTab(params.get("tab"));

  const baseId = useId();
  const tabId = (t: TuneTab) => `${baseId}-tab-${t}`;
  const panelId = `${baseId}-panel`;

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

  return (
    <div className="page tune" data-testid="tune-page">
      <header className="tune__intro">
        <p className="eyebrow">settings</p>
        <h1 className="page__title">tune</h1>
      </header>

      <Tablist
        tabs={TUNE_TABS}
        selected={tab}
        onSelect={choose}
        label="settings"
        className="tune__tabs"
        tabId={tabId}
        panelId={panelId}
        testId={(t) => `tune-tab-${t}`}
      />

      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(tab)}
        className="tune__panel"
        data-testid={`tune-panel-${tab}`}
      >
        {tab === "topics" ? (
          <TopicsTab />
        ) : tab === "feed" ? (
          <FeedTab />
        ) : tab === "profile" ? (
          <ProfileTab />
        ) : (
          <MediaTab />
        )}
      </div>
    </div>
  );
}
