import { Resource } from "sst";
import * as Feed from "../feed/index.ts";
import * as Profile from "../profile/index.ts";
import { CHANNELS_SETTINGS_PATH, PICKS_PER_MESSAGE, type PicksMessage } from "./rules.ts";

const siteUrl = () => Resource.Config.siteUrl.replace(/\/$/, "");

/** "Friday" in the person's zone. */
const weekday = (at: number, zone: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: zone }).format(at);

/**
 * The person's current picks as a message for a channel: the current session's articles (as the
 * feed shows them), each with its source and why it matched. A channel is seen by others, so
 * nothing a hidden profile section holds is named: while the person hides their topics, the
 * reason says only that it matched their topics.
 */
export async function currentPicks(userId: string, options: { zone: string; at?: number }): Promise<PicksMessage> {
  const at = options.at ?? Date.now();
  const [feed, shown] = await Promise.all([
    Feed.read(userId, { manual: false }),
    Profile.sectionsShownTo(userId, undefined),
  ]);
  const showTopics = shown.has("topics");
  const articles = feed.groupOrder.flatMap((group) => feed.groups[group] ?? []);
  const seen = new Set<string>();
  const items = articles
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .slice(0, PICKS_PER_MESSAGE)
    .map((a) => ({
      title: a.title,
      link: a.link,
      source: a.source_name,
      why:
        showTopics && a.bestMatchingKeywords.length > 0
          ? `matched: ${a.bestMatchingKeywords.slice(0, 3).join(", ")}`
          : "matched your topics",
    }));
  return {
    header: `your graph picks for ${weekday(at, options.zone)}`,
    items,
    footer: `Change what is sent: ${siteUrl()}${CHANNELS_SETTINGS_PATH}`,
  };
}
