/** The settings page's tabs (`/home/tune?tab=`): which one a link names. */

export type TuneTab = "topics" | "media" | "feed" | "profile";

/** In the order the tablist shows them; the first is the default. */
export const TUNE_TABS: readonly TuneTab[] = ["topics", "media", "feed", "profile"];

/**
 * Older links name a section of a tab rather than the tab: the music-platform sign-in sends the
 * person back to `?tab=media-links`, which lives on the media tab.
 */
const SECTION_TABS: ReadonlyMap<string, TuneTab> = new Map([["media-links", "media"]]);

/** The tab `?tab=` names; anything else (missing, unknown, other case) is topics. */
export function parseTuneTab(value: string | null | undefined): TuneTab {
  if (value == null) return "topics";
  if ((TUNE_TABS as readonly string[]).includes(value)) return value as TuneTab;
  return SECTION_TABS.get(value) ?? "topics";
}
