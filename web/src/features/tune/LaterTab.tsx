import type { TuneTab } from "./tune-tabs.ts";
import "./tune.css";

/** The tabs not built yet. */
export type LaterTuneTab = Exclude<TuneTab, "topics" | "feed" | "profile">;

/** What each tab not built yet will hold, said plainly. */
const LATER: Record<LaterTuneTab, { title: string; text: string }> = {
  media: {
    title: "media",
    text: "your media (books, films, videos, music) will be managed here — coming in a later release.",
  },
};

export function LaterTab({ tab }: { tab: LaterTuneTab }) {
  const { title, text } = LATER[tab];
  return (
    <section className="tune-later" aria-labelledby={`tune-later-${tab}`} data-testid="tune-later">
      <h2 id={`tune-later-${tab}`} className="tune-later__title">
        {title}
      </h2>
      <p className="tune-later__text">{text}</p>
    </section>
  );
}
