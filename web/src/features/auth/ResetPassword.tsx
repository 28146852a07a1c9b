import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { resetPassword } from "./api.ts";
import { Field } from "../../components/Field.tsx";
import "./auth.css";

type State = "idle" | "saving" | "success" | "error";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [state, setState] = useState<State>("idle");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === "") return setFieldError("please enter a new password.");
    setFieldError(null);
    if (token === "") return setState("error");
    setState("saving");
    try {
      await resetPassword(token, password);
      setState("success");
    } catch {
      setState("error");
    }
  };

  return (
    <div className="page page--form">
      <section className="auth-card">
        <h1 id="reset-heading" className="page__title">
          choose a new password.
        </h1>
        {state === "success" ? (
          <div className="form">
            <p className="form-message form-message--success" role="status" data-testid="reset-success">
              password successfully updated.
            </p>
            <Link to="/login" className="button button--primary button--block" data-testid="reset-login-link">
              log in
            </Link>
          </div>
        ) : (
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field label="new password" id="reset-password" error={fieldError} errorTestId="reset-field-error">
              {(control) => (
                <input
                  {...control}
                  data-testid="reset-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            {state === "error" && (
              <p className="form-message form-message--error" role="alert" data-testid="reset-error">
                reset failed. try again.
              </p>
            )}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={state === "saving"}
              data-testid="reset-submit"
            >
              {state === "saving" ? "saving…" : "update password"}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
