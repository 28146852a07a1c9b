/** The advanced filters on the feed tab: the view's shape (from the API), and each change as the page shows it before the server answers. */
import { FEED_KINDS, LANGUAGE_CODE } from "@graph/core/modules/mutes/rules";
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";
import type { FilterChange } from "./api.ts";

/** `GET /api/filters`. */
export type FiltersView = InferResponseType<typeof client.api.filters.$get, 200>;

export { FEED_KINDS };

export const FILTER_FAILED = "couldn't change that filter. please try again.";

/** What each kind of source is called on the page. */
export const KIND_LABELS: Record<(typeof FEED_KINDS)[number], string> = {
  web: "web (sites and blogs)",
  youtube: "YouTube",
  bluesky: "Bluesky",
};

/** A language code as the server keeps it ("EN " → "en"), or null when it is none. */
export function languageCode(raw: string): string | null {
  const code = raw.trim().toLowerCase();
  return LANGUAGE_CODE.test(code) ? code : null;
}

/** A language's name in English where the browser knows it ("ja" → "Japanese"), else its code. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" }) === 0;
const byName = (a: string, b: string) => a.localeCompare(b);
const added = (list: string[], value: string) =>
  list.some((v) => same(v, value)) ? list : [...list, value].sort(byName);
const removed = (list: string[], value: string) => list.filter((v) => !same(v, value));

/** The view with a change made, as the page shows it while the server answers. */
export function withChange(view: FiltersView, change: FilterChange): FiltersView {
  switch (change.kind) {
    case "topicWord": {
      const others = view.topicWords.filter((t) => !(same(t.topic, change.topic) && same(t.word, change.word)));
      const topicWords = change.add ? [...others, { topic: change.topic, word: change.word }] : others;
      return { ...view, topicWords: topicWords.sort((a, b) => byName(`${a.topic} ${a.word}`, `${b.topic} ${b.word}`)) };
    }
    case "kinds":
      return { ...view, kinds: FEED_KINDS.filter((k) => change.kinds.includes(k)) };
    case "language":
      return { ...view, languages: (change.add ? added : removed)(view.languages, change.language) };
    case "country":
      return { ...view, countries: (change.add ? added : removed)(view.countries, change.country) };
    case "subject":
      return { ...view, subjects: (change.add ? added : removed)(view.subjects, change.subject) };
  }
}

/** The change that undoes one (a refused addition is taken back, a refused removal put back), given the view before it. */
export function undoOf(before: FiltersView, change: FilterChange): FilterChange | null {
  if (change.kind === "kinds") return { kind: "kinds", kinds: before.kinds };
  const had =
    change.kind === "topicWord"
      ? before.topicWords.some((t) => same(t.topic, change.topic) && same(t.word, change.word))
      : change.kind === "language"
        ? before.languages.includes(change.language)
        : change.kind === "country"
          ? before.countries.some((c) => same(c, change.country))
          : before.subjects.some((s) => same(s, change.subject));
  // Adding what was there, or removing what was not, changed nothing to undo.
  if (had === change.add) return null;
  return { ...change, add: !change.add };
}
