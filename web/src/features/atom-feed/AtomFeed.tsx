import { useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { atomFeedQuery, makeAtomFeedAddress, turnOffAtomFeed, type AtomFeedState } from "./api.ts";
import { ATOM_FEED_TEXT, atomFeedView } from "./atom-feed.ts";
import { useConfirm } from "../../components/Confirm.tsx";
import "./atom-feed.css";

const COPIED_MS = 1500;

/** A private Atom feed of the person's picks: turn it on, copy its address, make a new one, turn it off. */
export function AtomFeed({ userId }: { userId: string }) {
  const state = useQuery(atomFeedQuery(userId));
  return (
    <Section title="atom feed of your picks" testId="atom-feed">
      <QueryState query={state} what="your atom feed" keepDataOnError>
        {(saved) => <AtomFeedForm userId={userId} state={saved} />}
      </QueryState>
    </Section>
  );
}

function AtomFeedForm({ userId, state }: { userId: string; state: AtomFeedState }) {
  const queryClient = useQueryClient();
  const key = atomFeedQuery(userId).queryKey;
  const change = useMutation({
    mutationFn: (wanted: "new" | "off") => (wanted === "new" ? makeAtomFeedAddress() : turnOffAtomFeed()),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: (error) => console.error("changing the atom feed failed", error),
  });
  const view = atomFeedView(state);
  const busy = change.isPending;

  const confirm = useConfirm();
  const ask = async (wanted: "new" | "off") => {
    if (busy) return;
    if (wanted === "off" && !(await confirm(ATOM_FEED_TEXT.confirmOff, "turn it off"))) return;
    if (wanted === "new" && view === "on" && !(await confirm(ATOM_FEED_TEXT.confirmNew, "make a new address"))) return;
    change.mutate(wanted);
  };

  return (
    <div className="atom-feed" data-testid="atom-feed-state" data-state={view}>
      {view === "off" ? (
        <>
          <p className="tune-section__text">{ATOM_FEED_TEXT.off}</p>
          <div>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void ask("new")}
              data-testid="atom-feed-on"
            >
              {busy ? "turning on…" : "turn on"}
            </button>
          </div>
        </>
      ) : (
        <>
          {view === "on" && state.url ? (
            <Address url={state.url} />
          ) : (
            <p className="tune-section__text">{ATOM_FEED_TEXT.unreadable}</p>
          )}
          <div className="atom-feed__actions">
            <button
              type="button"
              className="button button--outline"
              disabled={busy}
              onClick={() => void ask("new")}
              data-testid="atom-feed-new"
            >
              make a new address
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => void ask("off")}
              data-testid="atom-feed-off"
            >
              turn off
            </button>
          </div>
        </>
      )}
      <p className="tune-form__problem fine-print" role="alert">
        {change.isError ? errorText(change.error, ATOM_FEED_TEXT.failed) : ""}
      </p>
    </div>
  );
}

/** The feed's address, read-only and selectable, with a copy button. */
function Address({ url }: { url: string }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onCopy = async () => {
    let ok = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        ok = true;
      }
    } catch {
      ok = false;
    }
    // Where the clipboard is refused, the address is left selected to copy by hand.
    if (!ok) input.current?.select();
    setCopy(ok ? "copied" : "failed");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopy("idle"), COPIED_MS);
  };

  return (
    <div className="tune-form">
      <label htmlFor={inputId} className="tune-form__label">
        your feed's private address
      </label>
      <div className="tune-form__row atom-feed__address">
        <input
          id={inputId}
          ref={input}
          className="tune-form__input atom-feed__url"
          type="url"
          readOnly
          value={url}
          aria-describedby={hintId}
          onFocus={(event) => event.target.select()}
          data-testid="atom-feed-url"
        />
        <button
          type="button"
          className="button button--outline tune-form__submit"
          onClick={() => void onCopy()}
          data-testid="atom-feed-copy"
        >
          {copy === "copied" ? "copied!" : "copy"}
        </button>
      </div>
      <p id={hintId} className="fine-print">
        {ATOM_FEED_TEXT.on}
      </p>
      <span className="visually-hidden" role="status">
        {copy === "copied" ? ATOM_FEED_TEXT.copied : copy === "failed" ? ATOM_FEED_TEXT.copyFailed : ""}
      </span>
    </div>
  );
}
