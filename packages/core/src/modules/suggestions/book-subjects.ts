/**
 * Topics from the catalogue subjects of a person's books. No I/O: the subjects come from the
 * shelf, the topic data takes the topics. Open Library's subjects mix real subjects ("Science
 * fiction", "Ecology") with library headings ("Science fiction, American", "Women -- Fiction"),
 * shelf and format notes ("Accessible book", "Protected DAISY", "In library") and tags
 * ("nyt:hardcover-fiction=2010-05-30"): a heading keeps its first telling part, notes and tags
 * go, and words that say nothing of what a book is about ("Fiction", "General") are no topic.
 */
import { displayTopic, phraseKey } from "../../lib/matching/index.ts";

/** Books whose subjects are read, the newest first: what a person reads now says most. */
export const BOOKS_READ = 50;

/** Subjects (as phrases) that say nothing of what a book is about, or only how a library holds it. */
const GENERIC = new Set(
  [
    "fiction",
    "general",
    "novel",
    "novels",
    "literature",
    "fiction in english",
    "english fiction",
    "american fiction",
    "juvenile fiction",
    "juvenile literature",
    "young adult fiction",
    "children's fiction",
    "accessible book",
    "protected daisy",
    "in library",
    "lending library",
    "large type books",
    "large print books",
    "popular print disabled books",
    "open library staff picks",
    "long now manual for civilization",
    "overdrive",
    "english language",
    "textbooks",
    "history",
    "criticism and interpretation",
    "history and criticism",
    "translations into english",
    "readers",
    "fiction general",
    "literary",
    "classics",
  ].map(phraseKey),
);

/** A subject whose phrase starts with one of these is a reading-level note ("Reading Level-Grade 7"). */
const NOTE_PREFIXES = ["reading level"].map(phraseKey);

/**
 * The topic a catalogue subject names, or undefined when it names none: the first part of a
 * heading ("Science fiction, American" → "Science Fiction", "New York (N.Y.) -- Fiction" →
 * "New York") that is not generic.
 */
export function subjectTopic(subject: string): string | undefined {
  if (/[:=]/.test(subject)) return undefined;
  const plain = subject.replace(/\([^)]*\)/g, " ");
  const whole = phraseKey(plain);
  if (!whole || NOTE_PREFIXES.some((p) => whole === p || whole.startsWith(`${p} `))) return undefined;
  for (const part of plain.split(/,|\/|--|;/)) {
    const phrase = phraseKey(part);
    if (!phrase || GENERIC.has(phrase) || /^\d+$/.test(phrase)) continue;
    return displayTopic(part.trim());
  }
  return undefined;
}

/**
 * Topics to suggest from the subjects of a person's books (`books`: each subject with the title
 * of its book, the newest books first): each topic once, the ones more of the books share first,
 * then the newest; why names the newest book it came from.
 */
export function topicsFromBooks(books: ReadonlyArray<{ subject: string; title: string }>): Array<{
  topic: string;
  why: string;
}> {
  const found = new Map<string, { topic: string; title: string; titles: Set<string>; first: number }>();
  books.forEach(({ subject, title }, index) => {
    const topic = subjectTopic(subject);
    if (!topic) return;
    const phrase = phraseKey(topic);
    const entry = found.get(phrase);
    if (entry) entry.titles.add(title);
    else found.set(phrase, { topic, title, titles: new Set([title]), first: index });
  });
  return [...found.values()]
    .sort((a, b) => b.titles.size - a.titles.size || a.first - b.first)
    .map((t) => ({ topic: t.topic, why: `from your books: ${t.title}` }));
}
