import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { SUGGESTION_LIMITS } from "@graph/core/modules/topics/rules";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage.ts";
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
  type SuggestionState,
} from "./topic-suggestions.ts";
import { ADD_SUGGESTION_FAILED, type Topic } from "./topics.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { Section } from "../../components/Section.tsx";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import { useAddTopics, useSkipTopic, useSuggestTopics } from "./hooks.ts";
import "./topics.css";

type Status = "idle" | "loading" | "failed";

/**
 * graph suggestions: topics that appear with the person's in articles, or that people who share
 * their topics follow, each saying why. Up to 10 are shown, more wait in a buffer; adding one
 * (the same call as quick add) or skipping one replaces it from the buffer, and the buffer is
 * topped up when short. Refresh replaces them all. The list and buffer persist on this device.
 */
export function TopicSuggestions({ userId, topics }: { userId: string; topics: readonly Topic[] }) {
  const key = storageKeys.topicSuggestions(userId);
  const followed = useMemo(() => new Set(topics.map((t) => t.id)), [topics]);
  const [state, setState] = useState<SuggestionState | null>(() => {
    const stored = parseStoredSuggestions(readStorage(key));
    return stored && withoutFollowed(stored, followed);
  });
  // A topic added elsewhere (quick add) is no suggestion any more.
  const [shownFor, setShownFor] = useState(followed);
  if (shownFor !== followed) {
    setShownFor(followed);
    setState((s) => s && withoutFollowed(s, followed));
  }
  const [status, setStatus] = useState<Status>("idle");
  /** The server had no more to give on the last request: no background top-ups until something changes. */
  const [exhausted, setExhausted] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const whyPrefix = useId();

  // Read by requests that complete later: the state and the topics as they are then (kept up to
  // date before the effects below run).
  const stateRef = useRef(state);
  const followedRef = useRef(followed);
  useEffect(() => {
    stateRef.current = state;
    followedRef.current = followed;
  }, [state, followed]);
  const inFlight = useRef(false);

  const suggest = useSuggestTopics();
  const skip = useSkipTopic(userId);
  const add = useAddTopics(userId, () => undefined, ADD_SUGGESTION_FAILED);
  const online = useOnline();
  const askServer = suggest.mutateAsync;

  useEffect(() => {
    if (state) writeStorage(key, storedSuggestions(state));
  }, [key, state]);

  const ask = useCallback(
    (limit: number, done?: (added: number) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setStatus("loading");
      askServer({ limit, excludeIds: heldIds(stateRef.current ?? NO_SUGGESTIONS) })
        .then(({ similarTopics }) => {
          const held = new Set(heldIds(stateRef.current ?? NO_SUGGESTIONS));
          const fresh = similarTopics.filter((s) => !held.has(s.id) && !followedRef.current.has(s.id)).length;
          setState((s) => withAnswers(s ?? NO_SUGGESTIONS, similarTopics, followedRef.current));
          setExhausted(fresh < limit);
          setStatus("idle");
          done?.(fresh);
        })
        .catch(() => setStatus("failed"))
        .finally(() => {
          inFlight.current = false;
        });
    },
    [askServer],
  );

  // The first suggestions, then a buffer kept topped up in the background.
  useEffect(() => {
    if (status !== "idle") return;
    const empty = state === null || (state.shown.length === 0 && state.buffer.length === 0);
    if (state === null || (empty && !exhausted)) ask(SUGGESTION_LIMITS.initialRequest);
    else if (!exhausted) {
      const more = topUpInBackground(state);
      if (more > 0) ask(more);
    }
  }, [state, status, exhausted, ask]);

  const choose = (suggestion: Suggestion) => {
    setAdding((ids) => new Set(ids).add(suggestion.id));
    add
      .mutateAsync([suggestion.topic])
      .then(() => {
        const after = without(stateRef.current ?? NO_SUGGESTIONS, suggestion.id);
        setState((s) => s && without(s, suggestion.id));
        setAnnouncement(`added ${suggestion.topic} to your topics.`);
        // A new topic is new evidence: worth asking again even if the last answer ran short.
        setExhausted(false);
        const more = topUpAfterAdd(after);
        if (more > 0) ask(more);
      })
      .catch(() => undefined) // the add hook has said so
      .finally(() =>
        setAdding((ids) => {
          const next = new Set(ids);
          next.delete(suggestion.id);
          return next;
        }),
      );
  };

  const skipOne = (suggestion: Suggestion) => {
    setState((s) => s && without(s, suggestion.id));
    setAnnouncement(`skipped ${suggestion.topic}. graph won't suggest it again.`);
    skip.mutateAsync({ topicId: suggestion.id, topic: suggestion.topic }).catch(() => {
      setState((s) => withReturned(s ?? NO_SUGGESTIONS, suggestion));
      setAnnouncement(`couldn't skip ${suggestion.topic}. please try again.`);
    });
  };

  const refresh = () => {
    if (inFlight.current) return;
    // Asked without the ones shown and held now (read from the ref before it is emptied).
    ask(SUGGESTION_LIMITS.initialRequest, (added) =>
      setAnnouncement(
        added > 0 ? `${Math.min(added, SUGGESTION_LIMITS.shown)} new suggestions.` : "no new suggestions right now.",
      ),
    );
    setState(NO_SUGGESTIONS);
    setExhausted(false);
  };

  const shown = state?.shown ?? [];
  return (
    <Section
      title="graph suggestions"
      className="suggestions"
      testId="topic-suggestions"
      headClassName="suggestions__head"
      action={
        <button
          type="button"
          className="button button--outline suggestions__refresh"
          aria-label="refresh suggestions"
          disabled={status === "loading"}
          onClick={refresh}
          data-testid="refresh-suggestions"
        >
          refresh
        </button>
      }
    >
      <p className="tune-section__text suggestions__intro">
        topics that appear with yours in the articles graph reads, or that people who share your topics follow. add one
        with a click, or skip it.
      </p>
      <p className="visually-hidden" role="status" data-testid="suggestions-announcement">
        {announcement}
      </p>

      {shown.length > 0 ? (
        <ul className="suggestions__list" aria-label="suggested topics" data-testid="suggestion-list">
          {shown.map((s) => {
            const busy = adding.has(s.id);
            const whyId = `${whyPrefix}-${s.id}`;
            return (
              <li
                key={s.id}
                className="suggested-topic"
                aria-busy={busy}
                data-testid="suggested-topic"
                data-topic={s.topic}
              >
                <div className="suggested-topic__main">
                  <button
                    type="button"
                    className="suggested-topic__add"
                    aria-label={`add ${s.topic}`}
                    aria-describedby={whyId}
                    disabled={busy || !online}
                    title={online ? undefined : OFFLINE_REASON}
                    onClick={() => choose(s)}
                    data-testid="take-suggestion"
                  >
                    <span className="suggested-topic__plus" aria-hidden="true">
                      +
                    </span>
                    <span className="suggested-topic__name">{s.topic}</span>
                  </button>
                  <span id={whyId} className="suggested-topic__why" data-testid="suggestion-why">
                    {s.why}
                  </span>
                </div>
                <button
                  type="button"
                  className="suggested-topic__skip"
                  aria-label={`skip ${s.topic}`}
                  title="skip: don't suggest it again"
                  disabled={busy}
                  onClick={() => skipOne(s)}
                  data-testid="skip-suggestion"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : status === "loading" ? (
        <p className="loading" role="status" data-testid="suggestions-loading">
          finding suggestions...
        </p>
      ) : status === "failed" ? (
        <LoadFailed what="suggestions" retry={() => setStatus("idle")} />
      ) : (
        <p className="tune-section__empty" data-testid="suggestions-empty">
          no suggestions right now. add a few topics, and graph suggests more.
        </p>
      )}
    </Section>
  );
}
