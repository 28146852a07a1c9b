/** Find's tumble word: the chosen list (kept per person on this device), the preset and the button. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { planRequiredOf } from "../billing/index.ts";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage.ts";
import { tumbleListsQuery, tumbleWord } from "./api.ts";
import { pickTumbleWord, TUMBLE_WORDS } from "./find-tumble.ts";
import { BUILTIN_LIST, usableList } from "./tumble-lists.ts";

const TUMBLE_FAILED = "No word could be tumbled. Try again.";

const chosenList = (userId: string) => readStorage(storageKeys.tumbleList(userId)) ?? BUILTIN_LIST;

/**
 * The preset when the page opens on posts, if it can be had at once: a term of the built-in
 * list (which ships with the page) when that is the person's choice; '' when another list's term
 * is to be asked for.
 */
export const instantPreset = (userId: string) =>
  chosenList(userId) === BUILTIN_LIST ? pickTumbleWord(TUMBLE_WORDS) : "";

/**
 * `presetWanted` (read when the page opens): whether the field still waits for its preset,
 * which `fill` puts there when it arrives, unless the person typed or tumbled first. `tumble`
 * and `choose` answer the term to show, or null when there is none (it failed, and `failure`
 * says why; or a newer request or typing came first).
 */
export function useTumble(userId: string, presetWanted: boolean, fill: (term: string) => void) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(() => chosenList(userId));
  const lists = useQuery(tumbleListsQuery(userId));
  const list = usableList(chosen, lists.data?.lists);
  const [failure, setFailure] = useState<string | null>(null);
  // Answers that arrive after a newer request, or after the person typed, are dropped.
  const latest = useRef(0);
  const presetDone = useRef(!presetWanted);

  const tumbleFrom = useCallback(
    async (from: string, showing: string): Promise<string | null> => {
      const request = ++latest.current;
      try {
        const { term } = await tumbleWord(from, showing);
        if (request !== latest.current) return null;
        setFailure(null);
        return term;
      } catch (error) {
        if (request !== latest.current) return null;
        // The plan changed since the lists were read: read them again (the page falls back).
        if (planRequiredOf(error)) {
          void queryClient.invalidateQueries({ queryKey: tumbleListsQuery(userId).queryKey, exact: true });
        }
        setFailure(errorText(error, TUMBLE_FAILED));
        return null;
      }
    },
    [queryClient, userId],
  );

  useEffect(() => {
    if (presetDone.current || lists.data === undefined) return;
    presetDone.current = true;
    // A choice the plan no longer includes falls back to the built-in list, at once.
    if (list === BUILTIN_LIST) {
      fill(pickTumbleWord(TUMBLE_WORDS));
      return;
    }
    const request = ++latest.current;
    tumbleWord(list, "").then(
      ({ term }) => request === latest.current && fill(term),
      // No preset from the list: one from the built-in list, which needs no request.
      () => request === latest.current && fill(pickTumbleWord(TUMBLE_WORDS)),
    );
  }, [fill, list, lists.data]);

  return {
    list,
    lists: lists.data,
    failure,
    /** The person typed: nothing on its way overwrites it. */
    typed: () => {
      presetDone.current = true;
      latest.current++;
    },
    tumble: (showing: string) => {
      presetDone.current = true;
      return tumbleFrom(list, showing);
    },
    /** Chooses a list, keeps the choice, and tumbles a term of it. */
    choose: (id: string, showing: string) => {
      setChosen(id);
      writeStorage(storageKeys.tumbleList(userId), id);
      presetDone.current = true;
      return tumbleFrom(id, showing);
    },
  };
}
