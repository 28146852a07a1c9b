import type { TuneTab } from "../../lib/tune-tabs.ts";

/** What each tab not built yet will hold, said plainly. */
const LATER: Record<Exclude<TuneTab, "topics">, { title: string; text: string }> = {
  media: {
    title: "media",
    text: "your media (books, films, videos, music) will be managed here — coming in a later release.",
  },
  feed: {
    title: "feed",
    text:
      "your feed settings (daily email digest, suggested sources, silenced sources, the articles you added) " +
      "will be managed here — coming in a later release.",
  },
  profile: {
    title: "profile",
    text:
      "your public profile (photos, aims, contact links, username, thoughts, section order) and your account " +
      "will be managed here — coming in a later release.",
  },
};

export function LaterTab({ tab }: { tab: Exclude<TuneTab, "topics"> }) {
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
