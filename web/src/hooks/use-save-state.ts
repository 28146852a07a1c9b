import { useCallback, useEffect, useRef, useState } from "react";

/** A form's save state (spec: idle, success, error, back to idle after 2 seconds), plus saving while a save is on its way. */
export type SaveState = "idle" | "saving" | "success" | "error";
export const SAVE_STATE_MS = 2_000;

/** A form's save state: idle, saving, success or error, and back to idle 2 seconds after it settles. */
export function useSaveState(): [SaveState, (next: SaveState) => void] {
  const [state, setState] = useState<SaveState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const settle = useCallback((next: SaveState) => {
    if (timer.current !== null) clearTimeout(timer.current);
    setState(next);
    timer.current = next === "saving" ? null : setTimeout(() => setState("idle"), SAVE_STATE_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return [state, settle];
}

/** The save button's words: the spec's 'try again' after a failed save. */
export const saveButtonText = (state: SaveState, idle: string) =>
  state === "saving" ? "saving..." : state === "success" ? "saved" : state === "error" ? "try again" : idle;
