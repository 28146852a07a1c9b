import { useEffect, useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { USERNAME_MAX, USERNAME_MESSAGES } from "@graph/core/modules/users/rules";
import { AUTH_QUERY_KEY } from "../../../lib/session.tsx";
import { ApiError } from "../../../lib/api.ts";
import {
  USERNAME_CHECK_MS,
  USERNAME_CHECK_TEXT,
  canSubmitUsername,
  initialCheck,
  usernameProblem,
  type UsernameCheck,
} from "../profile.ts";
import { changeUsername, checkUsername } from "../api.ts";
import { Section } from "../../../components/Section.tsx";
import { useSaveState } from "../../../hooks/use-save-state.ts";
import "./profile-tab.css";

/**
 * The username: checked 500 ms after the last keystroke (idle, current, checking, available,
 * taken); submit only for an available new name. 429 means out of changes for today.
 */
export function UsernameForm({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(current);
  const [check, setCheck] = useState<UsernameCheck>(() => initialCheck(current, current));
  // A new name (or a new current one) starts its check afresh, before it is shown.
  const [checked, setChecked] = useState({ typed, current });
  if (checked.typed !== typed || checked.current !== current) {
    setChecked({ typed, current });
    setCheck(initialCheck(typed, current));
  }
  const [state, settle] = useSaveState();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const statusId = useId();

  useEffect(() => {
    if (initialCheck(typed, current) !== "checking") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(typed.trim(), controller.signal).then(
        (answer) => setCheck(answer.isAvailable ? "available" : "taken"),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === "AbortError") return;
          setCheck("idle");
        },
      );
    }, USERNAME_CHECK_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, current]);

  const submit = async () => {
    settle("saving");
    setProblem(null);
    try {
      await changeUsername(typed.trim());
      settle("success");
      await queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    } catch (error) {
      console.error("changing the username failed", error);
      if (error instanceof ApiError && error.status === 429) setProblem(USERNAME_MESSAGES.outOfChanges);
      settle("error");
    }
  };

  const shapeProblem = usernameProblem(typed);
  const enabled = canSubmitUsername(typed, current, check) && state !== "saving";
  return (
    <Section title="username" testId="profile-username">
      <form
        className="tune-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (enabled) void submit();
        }}
      >
        <label htmlFor={inputId} className="tune-form__label">
          your public page is graph/{typed.trim() || current}
        </label>
        <div className="tune-form__row">
          <input
            id={inputId}
            className="tune-form__input"
            value={typed}
            maxLength={USERNAME_MAX + 10}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={statusId}
            aria-invalid={shapeProblem !== null || check === "taken"}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="profile-username-input"
          />
          <button
            type="submit"
            className="button button--primary tune-form__submit"
            disabled={!enabled}
            data-state={state}
            data-testid="profile-username-save"
          >
            {state === "saving" ? "saving..." : state === "success" ? "saved" : state === "error" ? "error" : "change"}
          </button>
        </div>
        <p
          id={statusId}
          className={`fine-print tune-profile__check tune-profile__check--${check}`}
          role="status"
          aria-live="polite"
          data-testid="profile-username-check"
          data-check={check}
        >
          {shapeProblem ?? USERNAME_CHECK_TEXT[check]}
        </p>
        {problem ? (
          <p className="tune-form__problem" role="alert" data-testid="profile-username-problem">
            {problem}
          </p>
        ) : null}
      </form>
    </Section>
  );
}
