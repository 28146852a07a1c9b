import { useCallback, useEffect, useRef, useState } from "react";
import { type Debouncer, createDebouncer, settleDelay } from "../lib/debounce.ts";

export interface DebouncedTerm {
  /** The settled term, or null when nothing is to be sent. */
  term: string | null;
  /** True while the field holds a term that has not settled yet. */
  pending: boolean;
  /** Makes `text` the term at once (a tumbled word, or Enter). */
  settleNow: (text: string) => void;
}

/**
 * What a search field asks for: `toTerm` reads the field's text (null when there is nothing to
 * send), and the term settles `delayMs` after the last change (at once when it clears).
 */
export function useDebouncedTerm(
  text: string,
  delayMs: number,
  toTerm: (text: string) => string | null,
): DebouncedTerm {
  const [term, setTerm] = useState<string | null>(() => toTerm(text));
  const debouncer = useRef<Debouncer<string | null> | null>(null);
  if (debouncer.current === null) debouncer.current = createDebouncer<string | null>(term, setTerm);

  useEffect(() => {
    const next = toTerm(text);
    debouncer.current?.push(next, settleDelay(next, delayMs));
  }, [text, delayMs, toTerm]);

  useEffect(() => () => debouncer.current?.cancel(), []);

  const settleNow = useCallback((value: string) => debouncer.current?.settle(toTerm(value)), [toTerm]);
  return { term, pending: toTerm(text) !== term, settleNow };
}
