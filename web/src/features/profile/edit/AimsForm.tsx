import { useState, type MouseEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AIM_LIMITS } from "@graph/core/modules/topics/rules";
import { aimsToSend } from "../profile.ts";
import { aimsQuery, saveAims, type Aim } from "../api.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { Section } from "../../../components/Section.tsx";
import { saveButtonText, useSaveState } from "../../../hooks/use-save-state.ts";
import "./profile-tab.css";

let tempCounter = 0;
/** New aims get a temporary id (prefixed temp-) until the server gives them one. */
const tempId = () => `temp-${Date.now().toString(36)}-${tempCounter++}`;

/**
 * Goes to the "advanced" section on this page: scrolled to and focused by the page itself, not
 * by a change of the address's fragment, which the router takes as a navigation of its own.
 */
function toAdvanced(event: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById("profile-advanced");
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView({ block: "start" });
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/** Aims: at most 5, 280 characters each; empty ones are dropped on save. */
export function AimsForm({ userId }: { userId: string }) {
  const aims = useQuery(aimsQuery(userId));
  return (
    <Section title="aims" testId="profile-aims">
      <p className="fine-print" data-testid="public-note">
        your aims are public: your profile shows them as &ldquo;about me&rdquo;. hide that section under{" "}
        <a href="#profile-advanced" onClick={toAdvanced}>
          advanced → profile module order
        </a>
        .
      </p>
      <QueryState query={aims} what="your aims" keepDataOnError>
        {(saved) => <AimsEditor userId={userId} saved={saved} />}
      </QueryState>
    </Section>
  );
}

function AimsEditor({ userId, saved }: { userId: string; saved: Aim[] }) {
  const queryClient = useQueryClient();
  const [aims, setAims] = useState<Aim[]>(() => (saved.length > 0 ? saved : [{ id: tempId(), content: "" }]));
  const [state, settle] = useSaveState();

  const submit = async () => {
    settle("saving");
    try {
      const sent = aimsToSend(aims).map((a) => (a.id.startsWith("temp-") ? { content: a.content } : a));
      const answer = await saveAims(sent);
      queryClient.setQueryData(aimsQuery(userId).queryKey, answer.aims);
      setAims(answer.aims.length > 0 ? answer.aims : [{ id: tempId(), content: "" }]);
      settle("success");
    } catch (error) {
      console.error("saving aims failed", error);
      settle("error");
    }
  };

  return (
    <form
      className="tune-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ol className="tune-profile__aims">
        {aims.map((aim, i) => (
          <li key={aim.id} className="tune-profile__aim">
            <label className="visually-hidden" htmlFor={`aim-${aim.id}`}>
              aim {i + 1}
            </label>
            <textarea
              id={`aim-${aim.id}`}
              className="tune-form__input tune-profile__textarea"
              rows={2}
              maxLength={AIM_LIMITS.maxLength}
              value={aim.content}
              placeholder="something you're working towards"
              onChange={(event) =>
                setAims((list) => list.map((a) => (a.id === aim.id ? { ...a, content: event.target.value } : a)))
              }
              data-testid="profile-aim-input"
            />
            <button
              type="button"
              className="button button--ghost"
              aria-label={`remove aim ${i + 1}`}
              onClick={() => setAims((list) => list.filter((a) => a.id !== aim.id))}
            >
              remove
            </button>
          </li>
        ))}
      </ol>
      <div className="tune-form__row">
        <button
          type="button"
          className="button button--outline"
          disabled={aims.length >= AIM_LIMITS.maxAims}
          onClick={() => setAims((list) => [...list, { id: tempId(), content: "" }])}
          data-testid="profile-aim-add"
        >
          add an aim
        </button>
        <button
          type="submit"
          className="button button--primary tune-form__submit"
          disabled={state === "saving"}
          data-state={state}
          data-testid="profile-aims-save"
        >
          {saveButtonText(state, "save aims")}
        </button>
      </div>
      <p className="fine-print">
        up to {AIM_LIMITS.maxAims} aims, {AIM_LIMITS.maxLength} characters each. empty ones are dropped.
      </p>
    </form>
  );
}
