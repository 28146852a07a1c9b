import { describe, expect, it } from "vitest";
import {
  heldIds,
  NO_SUGGESTIONS,
  parseStoredSuggestions,
  storedSuggestions,
  topUpAfterAdd,
  topUpInBackground,
  withAnswers,
  without,
  withoutFollowed,
  withReturned,
  type Suggestion,
} from "./topic-suggestions.ts";

const suggestion = (n: number): Suggestion => ({ id: `id${n}`, topic: `Topic ${n}`, why: `why ${n}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => suggestion(from + i));
const none = new Set<string>();
const ids = (list: Suggestion[]) => list.map((s) => s.id);

describe("topic suggestions on the page", () => {
  it("shows the first 10 of an answer and keeps the rest in the buffer", () => {
    const state = withAnswers(NO_SUGGESTIONS, range(1, 15), none);
    expect(ids(state.shown)).toEqual(ids(range(1, 10)));
    expect(ids(state.buffer)).toEqual(ids(range(11, 15)));
  });

  it("leaves out answers it holds already and topics the person follows", () => {
    const state = withAnswers(withAnswers(NO_SUGGESTIONS, range(1, 3), none), range(2, 6), new Set(["id5"]));
    expect(ids(state.shown)).toEqual(["id1", "id2", "id3", "id4", "id6"]);
    expect(heldIds(state)).toHaveLength(5);
  });

  it("replaces a taken or skipped suggestion from the buffer, in its place", () => {
    const state = without(withAnswers(NO_SUGGESTIONS, range(1, 15), none), "id3");
    expect(ids(state.shown)).toEqual(["id1", "id2", "id11", "id4", "id5", "id6", "id7", "id8", "id9", "id10"]);
    expect(ids(state.buffer)).toEqual(["id12", "id13", "id14", "id15"]);
    // With an empty buffer the list just gets shorter.
    const short = without(withAnswers(NO_SUGGESTIONS, range(1, 4), none), "id1");
    expect(ids(short.shown)).toEqual(["id2", "id3", "id4"]);
    // A buffered one goes from the buffer.
    expect(ids(without(withAnswers(NO_SUGGESTIONS, range(1, 12), none), "id12").buffer)).toEqual(["id11"]);
  });

  it("drops suggestions of topics the person has since added", () => {
    const state = withoutFollowed(withAnswers(NO_SUGGESTIONS, range(1, 12), none), new Set(["id2", "id11"]));
    expect(ids(state.shown)).toEqual(["id1", "id12", "id3", "id4", "id5", "id6", "id7", "id8", "id9", "id10"]);
    expect(state.buffer).toEqual([]);
  });

  it("puts back a suggestion whose skip failed, at the top", () => {
    const full = withAnswers(NO_SUGGESTIONS, range(2, 12), none);
    const state = withReturned(full, suggestion(1));
    expect(ids(state.shown)[0]).toBe("id1");
    expect(state.shown).toHaveLength(10);
    expect(ids(state.buffer)).toEqual(["id11", "id12"]);
    expect(withReturned(state, suggestion(5))).toBe(state);
  });

  it("tops up the buffer when it runs short: under 3 after adding (10 more), under 5 otherwise (5 more)", () => {
    const withBuffer = (n: number) => withAnswers(NO_SUGGESTIONS, range(1, 10 + n), none);
    expect(topUpAfterAdd(withBuffer(3))).toBe(0);
    expect(topUpAfterAdd(withBuffer(2))).toBe(10);
    expect(topUpInBackground(withBuffer(5))).toBe(0);
    expect(topUpInBackground(withBuffer(4))).toBe(5);
  });

  it("keeps the list and buffer across visits, and ignores what it cannot read", () => {
    const state = withAnswers(NO_SUGGESTIONS, range(1, 13), none);
    expect(parseStoredSuggestions(storedSuggestions(state))).toEqual(state);
    expect(parseStoredSuggestions(null)).toBeNull();
    expect(parseStoredSuggestions("{not json")).toBeNull();
    expect(parseStoredSuggestions('{"shown":3}')).toBeNull();
    expect(
      parseStoredSuggestions(
        JSON.stringify({ shown: [suggestion(1), { id: 2 }, suggestion(1)], buffer: [suggestion(3)] }),
      ),
    ).toEqual({ shown: [suggestion(1), suggestion(3)], buffer: [] });
  });
});
