/** The profile pages' pure parts: username check states, aims as sent, section moves, the public page's item swaps. */
import { AIM_LIMITS } from "@graph/core/modules/topics/rules";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_MESSAGES } from "@graph/core/modules/users/rules";

/** The username field's check (spec: idle, current, checking, available, taken). */
export type UsernameCheck = "idle" | "current" | "checking" | "available" | "taken";
export const USERNAME_CHECK_MS = 500;

export const USERNAME_CHECK_TEXT: Record<UsernameCheck, string> = {
  idle: "",
  current: "that's your username",
  checking: "checking...",
  available: "available",
  taken: "taken",
};

/** What is wrong with a name as typed before asking the server, or null. */
export function usernameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return null;
  if (trimmed.length < USERNAME_MIN) return USERNAME_MESSAGES.tooShort;
  if (trimmed.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters.`;
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return "Username may only contain letters, numbers, _ and -.";
  return null;
}

/** The state a typed name starts in, before (or instead of) the server's check. */
export function initialCheck(typed: string, current: string): UsernameCheck {
  const name = typed.trim();
  if (name === "") return "idle";
  if (name === current) return "current";
  if (usernameProblem(name)) return "idle";
  return "checking";
}

/** Submit is disabled when the name is unchanged, empty, taken, being checked or malformed. */
export function canSubmitUsername(typed: string, current: string, check: UsernameCheck): boolean {
  const name = typed.trim();
  return name !== "" && name !== current && usernameProblem(name) === null && check === "available";
}

/** Aims as sent: trimmed, empty ones dropped, at most AIM_LIMITS.maxAims. */
export function aimsToSend<T extends { content: string }>(aims: T[]): T[] {
  return aims
    .map((a) => ({ ...a, content: a.content.trim() }))
    .filter((a) => a.content.length > 0)
    .slice(0, AIM_LIMITS.maxAims);
}

/** Moves the item at `from` to `to`, renumbering `order` from 0. */
export function moveSection<T extends { order: number }>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return items;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((item, order) => ({ ...item, order }));
}

/**
 * The items a section shows: the first `count`, where a swapped slot shows the next item of the
 * full list not shown yet. `swaps` maps a slot to how far past the start it has moved.
 */
export interface SlotState {
  /** Indexes into the full list, one per shown slot. */
  shown: number[];
  /** The next index of the full list not shown yet. */
  next: number;
}

export const initialSlots = (total: number, count: number): SlotState => {
  const n = Math.min(total, count);
  return { shown: Array.from({ length: n }, (_, i) => i), next: n };
};

/** Swaps the item in `slot` for the next unseen one; when every item has been shown, it stays. */
export function swapSlot(state: SlotState, slot: number, total: number): SlotState {
  if (state.next >= total || slot < 0 || slot >= state.shown.length) return state;
  const shown = [...state.shown];
  shown[slot] = state.next;
  return { shown, next: state.next + 1 };
}
