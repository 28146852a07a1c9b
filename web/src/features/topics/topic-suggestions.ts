/**
 * graph suggestions on the topics tab: a shown list of up to 10 and a buffer behind it. A
 * suggestion taken (added) or skipped leaves the list and the buffer's first takes its place;
 * the buffer is topped up when short (under 3 right after adding, under 5 otherwise). Refresh
 * empties both and asks again. Both persist per person in local storage.
 */
import type { InferResponseType } from "hono/client";
import { SUGGESTION_LIMITS } from "@graph/core/modules/topics/rules";
import type { client } from "../../lib/client.ts";

/** `POST /api/gpt/similar_topics`: one suggested topic, as the route answers it. */
export type Suggestion = InferResponseType<typeof client.api.gpt.similar_topics.$post, 200>["similarTopics"][number];

export interface SuggestionState {
  shown: Suggestion[];
  buffer: Suggestion[];
}

export const NO_SUGGESTIONS: SuggestionState = { shown: [], buffer: [] };

/** The ids the state holds (shown and buffered): a request leaves them out. */
export function heldIds(state: SuggestionState): string[] {
  return [...state.shown, ...state.buffer].map((s) => s.id);
}

/**
 * The state with a request's answers added: the shown list filled up to `SUGGESTION_LIMITS.shown`
 * in the order given, the rest into the buffer. Answers held already or naming a topic the person
 * follows (`followed`, topic ids) are left out.
 */
export function withAnswers(
  state: SuggestionState,
  answers: readonly Suggestion[],
  followed: ReadonlySet<string>,
): SuggestionState {
  const held = new Set(heldIds(state));
  const shown = [...state.shown];
  const buffer = [...state.buffer];
  for (const answer of answers) {
    if (held.has(answer.id) || followed.has(answer.id)) continue;
    held.add(answer.id);
    if (shown.length < SUGGESTION_LIMITS.shown && buffer.length === 0) shown.push(answer);
    else buffer.push(answer);
  }
  return fill({ shown, buffer });
}

/** The state without one suggestion (taken or skipped): the buffer's first takes its place. */
export function without(state: SuggestionState, id: string): SuggestionState {
  const at = state.shown.findIndex((s) => s.id === id);
  if (at < 0) {
    const buffer = state.buffer.filter((s) => s.id !== id);
    return buffer.length === state.buffer.length ? state : { shown: state.shown, buffer };
  }
  const [next, ...buffer] = state.buffer;
  const shown = [...state.shown];
  if (next) shown.splice(at, 1, next);
  else shown.splice(at, 1);
  return { shown, buffer };
}

/** The state without suggestions of topics the person follows now (added elsewhere meanwhile). */
export function withoutFollowed(state: SuggestionState, followed: ReadonlySet<string>): SuggestionState {
  let next = state;
  for (const s of [...state.shown, ...state.buffer]) if (followed.has(s.id)) next = without(next, s.id);
  return next;
}

/** A suggestion put back where it was shown (a skip that failed): at the top, pushing the last shown into the buffer. */
export function withReturned(state: SuggestionState, suggestion: Suggestion): SuggestionState {
  if (heldIds(state).includes(suggestion.id)) return state;
  const shown = [suggestion, ...state.shown];
  const overflow = shown.length > SUGGESTION_LIMITS.shown ? shown.splice(SUGGESTION_LIMITS.shown) : [];
  return { shown, buffer: [...overflow, ...state.buffer] };
}

/** How many to ask for right after a suggestion was added (0: the buffer has enough). */
export function topUpAfterAdd(state: SuggestionState): number {
  return state.buffer.length < SUGGESTION_LIMITS.bufferLowAfterAdd ? SUGGESTION_LIMITS.topUpAfterAdd : 0;
}

/** How many to ask for in the background (0: the buffer has enough). */
export function topUpInBackground(state: SuggestionState): number {
  return state.buffer.length < SUGGESTION_LIMITS.bufferLowInBackground ? SUGGESTION_LIMITS.topUpInBackground : 0;
}

function fill(state: SuggestionState): SuggestionState {
  const room = SUGGESTION_LIMITS.shown - state.shown.length;
  if (room <= 0 || state.buffer.length === 0) return state;
  return { shown: [...state.shown, ...state.buffer.slice(0, room)], buffer: state.buffer.slice(room) };
}

const isSuggestion = (value: unknown): value is Suggestion =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Suggestion).id === "string" &&
  typeof (value as Suggestion).topic === "string" &&
  typeof (value as Suggestion).why === "string";

/** The state stored on this device, or null when there is none (or it cannot be read). */
export function parseStoredSuggestions(raw: string | null): SuggestionState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { shown?: unknown; buffer?: unknown };
    if (!Array.isArray(value.shown) || !Array.isArray(value.buffer)) return null;
    const seen = new Set<string>();
    const keep = (list: unknown[]) =>
      list.filter(isSuggestion).filter((s) => !seen.has(s.id) && seen.add(s.id) !== undefined);
    return fill({ shown: keep(value.shown).slice(0, SUGGESTION_LIMITS.shown), buffer: keep(value.buffer) });
  } catch {
    return null;
  }
}

export function storedSuggestions(state: SuggestionState): string {
  const pick = ({ id, topic, why }: Suggestion) => ({ id, topic, why });
  return JSON.stringify({ shown: state.shown.map(pick), buffer: state.buffer.map(pick) });
}
