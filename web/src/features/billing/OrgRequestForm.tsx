import { useState, type FormEvent } from "react";
import { MESSAGES, ORG_MESSAGE_MAX, ORG_NAME_MAX, ORG_SEATS_MIN } from "@graph/core/modules/billing/rules";
import { requestOrgPlan } from "./api.ts";
import { Field } from "../../components/Field.tsx";
import { failureText } from "./failure-text.ts";
import "./upgrade.css";

type State =
  { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "error"; message: string };

const SEATS_ERROR_ID = "org-seats-error";

/** The org plan is requested by e-mail: this form mails the request to the team. */
export function OrgRequestForm() {
  const [seats, setSeats] = useState(String(ORG_SEATS_MIN));
  const [organisation, setOrganisation] = useState("");
  const [message, setMessage] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const seatCount = Number(seats);
  const seatsError =
    seats !== "" && (!Number.isInteger(seatCount) || seatCount < ORG_SEATS_MIN) ? MESSAGES.seats : null;
  const ready = !seatsError && seats !== "" && organisation.trim() !== "" && state.kind !== "sending";

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (state.kind === "sent" || state.kind === "error") setState({ kind: "idle" });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setState({ kind: "sending" });
    try {
      const answer = await requestOrgPlan({
        seats: seatCount,
        organisation: organisation.trim(),
        message: message.trim(),
      });
      setState({ kind: "sent", message: answer.message });
      setOrganisation("");
      setMessage("");
    } catch (error) {
      setState({ kind: "error", message: failureText(error) });
    }
  };

  return (
    <section className="org-request" id="org-request" aria-labelledby="org-request-heading">
      <h2 id="org-request-heading" className="section-title">
        request an org plan
      </h2>
      <p className="fine-print">
        for teams of {ORG_SEATS_MIN} or more. we'll reply by e-mail with a price for your organisation.
      </p>
      <form className="form org-request__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="org-request__pair">
          <Field label="seats" id="org-seats">
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={ORG_SEATS_MIN}
                step={1}
                value={seats}
                onChange={(e) => edit(setSeats)(e.target.value)}
                // The error is shown under both fields of the pair, not in this one's column.
                aria-invalid={seatsError ? true : undefined}
                aria-describedby={seatsError ? SEATS_ERROR_ID : undefined}
                data-testid="org-seats"
              />
            )}
          </Field>
          <Field label="organisation" id="org-name">
            {(control) => (
              <input
                {...control}
                maxLength={ORG_NAME_MAX}
                value={organisation}
                onChange={(e) => edit(setOrganisation)(e.target.value)}
                autoComplete="organization"
                data-testid="org-name"
              />
            )}
          </Field>
        </div>
        {seatsError && (
          <p className="field__error" id={SEATS_ERROR_ID}>
            {seatsError}
          </p>
        )}
        <Field label="message" id="org-message">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={ORG_MESSAGE_MAX}
              value={message}
              onChange={(e) => edit(setMessage)(e.target.value)}
              data-testid="org-message"
            />
          )}
        </Field>
        {state.kind === "sent" && (
          <p className="form-message form-message--success" role="status" data-testid="org-request-sent">
            {state.message}
          </p>
        )}
        {state.kind === "error" && (
          <p className="form-message form-message--error" role="alert" data-testid="org-request-error">
            {state.message}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={!ready} data-testid="org-request-submit">
          {state.kind === "sending" ? "sending..." : "send request"}
        </button>
      </form>
    </section>
  );
}
