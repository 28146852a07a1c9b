import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { requestPasswordReset } from "./api.ts";
import { isEmail, normalizeEmail } from "./validation.ts";
import { Field } from "../../components/Field.tsx";
import "./auth.css";

type State = "idle" | "sending" | "sent" | "error";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>("idle");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const target = normalizeEmail(email);
    if (target === "") return setFieldError("please enter your email.");
    if (!isEmail(target)) return setFieldError("please enter a valid email.");
    setFieldError(null);
    setState("sending");
    try {
      await requestPasswordReset(target);
      setState("sent");
    } catch {
      setState("error");
    }
  };

  return (
    <div className="page page--form">
      <section className="auth-card">
        <h1 id="forgot-heading" className="page__title">
          forgot your password?
        </h1>
        <p className="lede">enter the email on your account and we'll send a link to choose a new one.</p>
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field label="email" id="forgot-email" error={fieldError} errorTestId="forgot-field-error">
            {(control) => (
              <input
                {...control}
                data-testid="forgot-email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          {state === "sent" && (
            <p className="form-message form-message--success" role="status" data-testid="forgot-success">
              if an account exists, we've sent you a reset link.
            </p>
          )}
          {state === "error" && (
            <p className="form-message form-message--error" role="alert" data-testid="forgot-error">
              error sending reset link. please try again later.
            </p>
          )}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={state === "sending"}
            data-testid="forgot-submit"
          >
            {state === "sending" ? "sending…" : "send reset link"}
          </button>
        </form>
        <p className="auth-card__footer">
          <Link to="/login" className="text-link">
            back to log in
          </Link>
        </p>
      </section>
    </div>
  );
}
