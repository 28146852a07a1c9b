/** The daily e-mail digest's form over the saved preferences (TanStack Query), and its saves. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DIGEST_SAVE_DEBOUNCE_MS } from "@graph/core/modules/digest/rules";
import {
  digestPreferencesQuery,
  digestSaveKey,
  saveDigestPreferences,
  type DigestChanges,
  type DigestPreferences,
} from "./api.ts";
import { createChangeBatcher, withChanges, withoutSettled, type ChangeBatcher } from "./digest.ts";
import { type SaveState, useSaveState } from "../../hooks/use-save-state.ts";

export interface DigestForm {
  /** The saved preferences with the changes not yet saved over them (what the controls show). */
  shown: DigestPreferences;
  state: SaveState;
  /** Saves at once (the checkbox). */
  saveNow: (changes: DigestChanges) => void;
  /** Saves 750 ms after the last change (the time and the zone). */
  saveSoon: (changes: DigestChanges) => void;
}

/**
 * The form over the saved preferences. Changes show at once; a failed save takes its fields back
 * to the saved values and says so. Saves run one after another (one mutation scope), so the
 * last answer, which is the whole saved preferences, is always the newest.
 */
export function useDigestForm(userId: string, saved: DigestPreferences): DigestForm {
  const queryClient = useQueryClient();
  const [unsaved, setUnsaved] = useState<DigestChanges>({});
  const [state, settle] = useSaveState();

  const save = useMutation({
    mutationKey: digestSaveKey(userId),
    scope: { id: digestSaveKey(userId).join("/") },
    mutationFn: saveDigestPreferences,
    onSuccess: (answer) => queryClient.setQueryData(digestPreferencesQuery(userId).queryKey, answer),
    onError: (error) => console.error("saving the digest preferences failed", error),
    onSettled: (_answer, error, sent) => {
      setUnsaved((left) => withoutSettled(left, sent));
      // A later save still on its way speaks for the form once it settles.
      if (queryClient.isMutating({ mutationKey: digestSaveKey(userId) }) <= 1) settle(error ? "error" : "success");
    },
  });
  const send = save.mutate;

  // The batcher sends later (a timer, the unmount): with the newest `send` then.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  // Made by the first change that waits.
  const batcher = useRef<ChangeBatcher<DigestPreferences> | null>(null);
  // Leaving the tab sends what is waiting rather than dropping it.
  useEffect(() => () => batcher.current?.flush(), []);

  const saveNow = useCallback(
    (changes: DigestChanges) => {
      setUnsaved((left) => withChanges(left, changes));
      settle("saving");
      send(changes);
    },
    [send, settle],
  );
  const saveSoon = useCallback(
    (changes: DigestChanges) => {
      setUnsaved((left) => withChanges(left, changes));
      batcher.current ??= createChangeBatcher<DigestPreferences>((waiting) => {
        settle("saving");
        sendRef.current(waiting);
      }, DIGEST_SAVE_DEBOUNCE_MS);
      batcher.current.push(changes);
    },
    [settle],
  );

  return { shown: withChanges(saved, unsaved), state, saveNow, saveSoon };
}
