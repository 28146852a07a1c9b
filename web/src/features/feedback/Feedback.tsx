import { useState, type FormEvent } from "react";
import { FEEDBACK_MAX } from "@graph/core/modules/feedback/rules";
import { Field } from "../../components/Field.tsx";
import { sendFeedback } from "./api.ts";

type State = "idle" | "loading" | "success" | "error";

export function FeedbackPage() {
  const [feedback, setFeedback] = useState("");
  const [state, setState] = useState<State>("idle");
  const empty = feedback.trim() === "";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    setState("loading");
    try {
      await sendFeedback(feedback.trim());
      setState("success");
      setFeedback("");
    } catch {
      setState("error");
    }
  };

  return (
    <div className="page page--form">
      <section>
        <p className="eyebrow">feedback</p>
        <h1 id="feedback-heading" className="page__title">
          tell us what you think.
        </h1>
        <p className="lede">what's working, what isn't, what you wish graph did. every note is read by a person.</p>
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field label="your feedback" id="feedback-text">
            {(control) => (
              <textarea
                {...control}
                data-testid="feedback-text"
                rows={7}
                maxLength={FEEDBACK_MAX}
                value={feedback}
                onChange={(e) => {
                  setFeedback(e.target.value);
                  if (state === "success" || state === "error") setState("idle");
                }}
              />
            )}
          </Field>
          {state === "success" && (
            <p className="form-message form-message--success" role="status" data-testid="feedback-success">
              thanks for your feedback!
            </p>
          )}
          {state === "error" && (
            <p className="form-message form-message--error" role="alert" data-testid="feedback-error">
              something went wrong. please try again.
            </p>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={empty || state === "loading"}
            data-testid="feedback-submit"
          >
            {state === "loading" ? "sending…" : "send feedback"}
          </button>
        </form>
      </section>
    </div>
  );
}
