import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../lib/session.tsx";
import { errorText } from "../../lib/api.ts";
import { verifyFailureText } from "./auth-errors.ts";
import { resendVerification, verifyAccount } from "./api.ts";
import { isEmail, normalizeEmail, sanitizeCode } from "./validation.ts";
import { Field } from "../../components/Field.tsx";
import "./auth.css";

type VerifyState = "idle" | "verifying" | "success" | "already-verified" | "error";
type ResendState = "idle" | "sending" | "sent" | "error";

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const userId = params.get("user_id") ?? "";
  const emailParam = params.get("email") ?? "";
  const navigate = useNavigate();
  const auth = useAuth();

  const [code, setCode] = useState("");
  const [state, setState] = useState<VerifyState>("idle");
  const [error, setError] = useState<string | null>(null);

  const [email, setEmail] = useState(emailParam);
  const [resendState, setResendState] = useState<ResendState>("idle");
  const [resendMessage, setResendMessage] = useState<string | null>(null);

  const canVerify = code.length === 6 && userId !== "" && state !== "verifying" && state !== "success";

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!canVerify) return;
    setState("verifying");
    setError(null);
    try {
      const result = await verifyAccount(userId, code);
      if (result.alreadyVerified) {
        setState("already-verified");
        const fresh = await auth.login();
        navigate(fresh.isAuthenticated ? "/getting-started" : "/login", { replace: true });
      } else {
        setState("success");
        await auth.login();
        navigate("/getting-started", { replace: true });
      }
    } catch (err) {
      setState("error");
      setError(verifyFailureText(err));
    }
  };

  const onResend = async () => {
    const target = normalizeEmail(email);
    if (!target || !isEmail(target)) {
      setResendState("error");
      setResendMessage("enter the email address you signed up with.");
      return;
    }
    setResendState("sending");
    setResendMessage(null);
    try {
      await resendVerification(target);
      setResendState("sent");
      setResendMessage(`a new code is on its way to ${target}.`);
    } catch (err) {
      setResendState("error");
      setResendMessage(errorText(err, "Failed to resend email"));
    }
  };

  return (
    <div className="page page--form">
      <section className="auth-card">
        <p className="eyebrow">one more step</p>
        <h1 id="verify-heading" className="page__title">
          check your inbox.
        </h1>
        <p className="lede">
          we sent a 6-digit code to {emailParam ? <strong>{emailParam}</strong> : "your email address"}. enter it below
          to finish setting up your account.
        </p>

        {userId === "" && (
          <p className="form-message form-message--error" role="alert" data-testid="verify-missing-user">
            this link is missing its account id. <Link to="/login">log in</Link> to get a new code.
          </p>
        )}

        <form className="form" onSubmit={(event) => void onVerify(event)} noValidate>
          <Field label="verification code" id="verify-code">
            {(control) => (
              <input
                {...control}
                data-testid="verify-code"
                className="code-input"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                placeholder="000000"
                value={code}
                onChange={(e) => {
                  setCode(sanitizeCode(e.target.value));
                  if (state === "error") setState("idle");
                }}
              />
            )}
          </Field>

          {state === "error" && error && (
            <p className="form-message form-message--error" role="alert" data-testid="verify-error">
              {error}
            </p>
          )}
          {state === "success" && (
            <p className="form-message form-message--success" role="status" data-testid="verify-success">
              email verified. taking you in…
            </p>
          )}
          {state === "already-verified" && (
            <p className="form-message form-message--success" role="status" data-testid="verify-already">
              this account is already verified.
            </p>
          )}

          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canVerify}
            data-testid="verify-submit"
          >
            {state === "verifying" ? "verifying…" : "verify"}
          </button>
        </form>

        <div className="resend">
          <p className="fine-print">didn't get it? check your spam folder, or ask for a new one.</p>
          {emailParam === "" && (
            <Field label="email" id="resend-email">
              {(control) => (
                <input
                  {...control}
                  data-testid="resend-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Field>
          )}
          <button
            type="button"
            className="button button--outline"
            onClick={() => void onResend()}
            disabled={resendState === "sending"}
            data-testid="resend-email-button"
          >
            {resendState === "sending" ? "sending…" : "resend email"}
          </button>
          {resendMessage && (
            <p
              className={`form-message ${resendState === "sent" ? "form-message--success" : "form-message--error"}`}
              role={resendState === "sent" ? "status" : "alert"}
              data-testid={resendState === "sent" ? "resend-success" : "resend-error"}
            >
              {resendMessage}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
