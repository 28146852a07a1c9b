/**
 * The feed's keyboard shortcuts: one list, read by the key handler and shown by the help overlay
 * (docs/feed.md describes it in prose), and the guard that keeps them out of the way of typing.
 */

export type FeedKeyAction = "next" | "previous" | "open" | "visit" | "like" | "silence" | "refresh" | "find" | "help";

interface FeedKey {
  action: FeedKeyAction;
  /** `KeyboardEvent.key` values that do it. */
  keys: readonly string[];
  /** How the help overlay shows the keys. */
  label: string;
  does: string;
}

export const FEED_KEYS: readonly FeedKey[] = [
  { action: "next", keys: ["j"], label: "j", does: "next card" },
  { action: "previous", keys: ["k"], label: "k", does: "previous card" },
  { action: "open", keys: ["o", "Enter"], label: "o or Enter", does: "read the card's article in graph" },
  { action: "visit", keys: ["v"], label: "v", does: "open the publisher's page in a new tab" },
  { action: "like", keys: ["l"], label: "l", does: "add the article to your graph, or take it out" },
  { action: "silence", keys: ["s"], label: "s", does: "silence the card's source (with undo)" },
  { action: "refresh", keys: ["r"], label: "r", does: "refresh the feed, where your plan allows" },
  { action: "find", keys: ["/"], label: "/", does: "find articles and people" },
  { action: "help", keys: ["?"], label: "?", does: "show these shortcuts" },
];

const BY_KEY = new Map(FEED_KEYS.flatMap((entry) => entry.keys.map((key) => [key, entry.action] as const)));

/** What a target is, as far as the guard needs to know (an Element, or a plain object in tests). */
interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Inputs that take no typing: a key press on them is free for the page. */
const NOT_TYPED = new Set(["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"]);

/** True when a key press on `target` is someone typing: an input, textarea, select or editable text. */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") return !NOT_TYPED.has((target.type ?? "text").toLowerCase());
  return false;
}

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** An input method composing a character: its keys are its own. */
  isComposing?: boolean;
  target: TargetLike | null;
}

/**
 * The action a key press asks for, or null: never with Ctrl, Meta or Alt held (the browser's and
 * the system's shortcuts), never while typing. Shift is allowed, since `?` needs it on most
 * layouts; a capital letter is not the shortcut (Caps Lock or Shift means something else).
 */
export function feedKeyAction(press: KeyPress): FeedKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  if (isTypingTarget(press.target)) return null;
  return BY_KEY.get(press.key) ?? null;
}
