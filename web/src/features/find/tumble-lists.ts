/** Find's tumble-word lists as the page uses them: which one tumbles, and a written draft's state. */
import {
  BUILTIN_LIST,
  checkTerms,
  TERM_PROBLEM_MESSAGES,
  TUMBLE_LIMITS,
  TUMBLE_MESSAGES,
} from "@graph/core/modules/tumble/rules";

export { BUILTIN_LIST };

/** A list as `GET /api/tumble/lists` answers it. */
export interface TumbleListEntry {
  id: string;
  name: string;
  terms: number | null;
  included: boolean;
}

/**
 * The list the page tumbles from: the one the person chose, while the plan includes it and it
 * has terms; otherwise the built-in list (a downgrade keeps the choice, to use after an upgrade).
 * Until the lists are known, the choice stands.
 */
export function usableList(chosen: string, lists: readonly TumbleListEntry[] | undefined): string {
  if (lists === undefined) return chosen;
  const list = lists.find((l) => l.id === chosen);
  return list && list.included && list.terms !== 0 ? chosen : BUILTIN_LIST;
}

/** A textarea's draft of the written list: its terms, and what to say of it before it is saved. */
export interface WrittenDraft {
  terms: string[];
  /** What is wrong, naming the line (null: it can be saved). */
  problem: string | null;
}

/** Reads a draft, one term a line; blank lines are no terms. */
export function readDraft(text: string): WrittenDraft {
  const lines = text.split("\n");
  const filled = lines.flatMap((line, index) => (line.trim() === "" ? [] : [{ line, index }]));
  const checked = checkTerms(filled.map((f) => f.line));
  if (checked.problem) {
    const line = filled[checked.problem.index]!.index + 1;
    return { terms: checked.terms, problem: `line ${line}: ${TERM_PROBLEM_MESSAGES[checked.problem.code]}` };
  }
  return { terms: checked.terms, problem: checked.tooMany ? TUMBLE_MESSAGES.tooMany : null };
}

export const countText = (terms: number) => `${terms} of ${TUMBLE_LIMITS.maxTerms} terms`;
