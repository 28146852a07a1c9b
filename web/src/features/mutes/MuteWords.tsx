import { type FormEvent, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { errorText } from "../../lib/api.ts";
import { PlanUpgradeNote, usePlanIncludes } from "../billing/index.ts";
import { mutesQuery } from "./api.ts";
import { useMuteWord, useUnmuteWord } from "./hooks.ts";
import { MUTE_FAILED, MUTE_LIMITS, UNMUTE_FAILED, canMute, cleanWord, limitsText } from "./mute-words.ts";

/**
 * Words and phrases that keep articles naming them out of the feed, the digest and the following
 * feed. A plan without filters cannot mute: those kept are listed (and can be unmuted) as paused.
 */
export function MuteWords({ userId }: { userId: string }) {
  const included = usePlanIncludes("filters");
  const [text, setText] = useState("");
  const mutes = useQuery(mutesQuery(userId));
  const mute = useMuteWord(userId);
  const unmute = useUnmuteWord(userId);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const listHeadingId = useId();

  const list = mutes.data;
  const limits = list ?? MUTE_LIMITS;
  const full = list !== undefined && list.words.length >= list.maxWords;
  const ready = included && canMute(list, text);
  const failure = mute.isError
    ? errorText(mute.error, MUTE_FAILED)
    : unmute.isError
      ? errorText(unmute.error, UNMUTE_FAILED)
      : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const word = cleanWord(text);
    unmute.reset();
    setText("");
    // A refused word comes back to the field, to be corrected.
    mute.mutate(word, { onError: () => setText((now) => (now === "" ? word : now)) });
  };

  return (
    <Section
      title="muted words"
      testId="muted-words"
      count={list ? `${list.words.length}/${list.maxWords}` : undefined}
    >
      {!included && (
        <PlanUpgradeNote feature="filters">
          muting words is part of the pro plan: on your plan your muted words are paused and hide nothing.
        </PlanUpgradeNote>
      )}
      {included && (
        <form className="tune-form" onSubmit={onSubmit} aria-label="mute a word" data-testid="mute-form">
          <label htmlFor={inputId} className="tune-form__label">
            word or phrase to mute
          </label>
          <div className="tune-form__row">
            <input
              id={inputId}
              className="tune-form__input"
              type="text"
              autoComplete="off"
              maxLength={limits.maxLength}
              placeholder="e.g. spoilers"
              value={text}
              disabled={full}
              aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
              aria-invalid={mute.isError}
              onChange={(event) => {
                setText(event.target.value);
                if (mute.isError) mute.reset();
              }}
              data-testid="mute-input"
            />
            <button
              type="submit"
              className="button button--primary tune-form__submit"
              disabled={!ready}
              data-testid="mute-submit"
            >
              mute
            </button>
          </div>
          <p id={hintId} className="fine-print" data-testid="mute-limits">
            {full
              ? `you've muted ${limits.maxWords} words, the most you can. unmute one to mute another.`
              : `articles naming a muted word stay out of your feed, your digest and your following feed, from every source. ${limitsText(limits)}`}
          </p>
          {failure && (
            <p id={errorId} className="fine-print tune-form__problem" role="alert" data-testid="mute-error">
              {failure}
            </p>
          )}
        </form>
      )}

      <h3 id={listHeadingId} className="tune-section__subtitle">
        muted
      </h3>
      <QueryState query={mutes} what="your muted words" loading="loading your muted words..." empty={null}>
        {({ words }) =>
          words.length === 0 ? (
            <p className="tune-section__empty" data-testid="muted-empty">
              no muted words. mute a word to hide every article that names it.
            </p>
          ) : (
            <ul className="tune-rows" aria-labelledby={listHeadingId} data-testid="muted-list">
              {words.map((word) => (
                <li key={word} className="tune-row" data-testid="muted-word" data-word={word}>
                  <div className="tune-row__main">
                    <span className="tune-row__title">{word}</span>
                  </div>
                  <button
                    type="button"
                    className="button button--outline tune-row__action"
                    aria-label={`unmute ${word}`}
                    onClick={() => {
                      mute.reset();
                      unmute.mutate(word);
                    }}
                    data-testid="unmute"
                  >
                    unmute
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Section>
  );
}
