import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { homeFor, publicConfigQuery, useAuth } from "../../lib/session.tsx";
import { GOOGLE_MESSAGES } from "@graph/core/modules/google/rules";
import { USERNAME_MAX } from "@graph/core/modules/users/rules";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { linkGoogle, logIn, signUp } from "./api.ts";
import { mapAuthError, verifyEmailPath } from "./auth-errors.ts";
import { GOOGLE_START_PATH, readGoogleReturn } from "./google.ts";
import { normalizeEmail, validateLogin, validateSignup } from "./validation.ts";
import { Field } from "../../components/Field.tsx";
import { PreviewGrid } from "./PreviewGrid.tsx";
import "./auth.css";

type Mode = "login" | "signup";

const GOOGLE_UNCONFIGURED = "Google sign-in is not configured";

export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get("mode") === "signup" ? "signup" : "login";
  const navigate = useNavigate();
  const auth = useAuth();
  const config = useQuery(publicConfigQuery);
  const googleEnabled = config.data?.googleSignIn === true;
  // What the Google callback page handed over: a link offer (linking mode) or a failure to show.
  const location = useLocation();
  const [googleReturn] = useState(() => readGoogleReturn(location.state));
  const [linking, setLinking] = useState(
    googleReturn && "googleLinking" in googleReturn ? googleReturn.googleLinking : null,
  );
  const [linkPassword, setLinkPassword] = useState("");
  // Read once: the hand-over leaves the history entry, so a reload does not replay a spent offer.
  const handedOver = useRef(googleReturn !== undefined);
  useEffect(() => {
    if (!handedOver.current) return;
    handedOver.current = false;
    navigate({ search: location.search }, { replace: true, state: null });
  }, [location.search, navigate]);

  const [identifier, setIdentifier] = useState("");
  const [email, setEmail] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(
    googleReturn && "googleError" in googleReturn ? googleReturn.googleError : null,
  );
  const [busy, setBusy] = useState(false);

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    setError(null);
    setPassword("");
    setParams(next === "signup" ? { mode: "signup" } : {}, { replace: true });
  };

  const submitLogin = async () => {
    const invalid = validateLogin(identifier, password);
    if (invalid) return setError(invalid);
    setBusy(true);
    try {
      // A 401 here means wrong credentials, not an ended session.
      const result = await logIn(identifier.trim(), password);
      const state = await auth.login();
      navigate(homeFor({ isNewUser: state.isAuthenticated ? state.isNewUser : result.isNewUser }), { replace: true });
    } catch (err) {
      const mapped = mapAuthError("login", err);
      setError(mapped.message);
      if (mapped.verify) navigate(verifyEmailPath(mapped.verify.userId, mapped.verify.email));
    } finally {
      setBusy(false);
    }
  };

  const submitSignup = async () => {
    const invalid = validateSignup(email, username, password);
    if (invalid) return setError(invalid);
    const cleanEmail = normalizeEmail(email);
    setBusy(true);
    try {
      const result = await signUp({ username, email: cleanEmail, password });
      navigate(verifyEmailPath(result.userId, cleanEmail));
    } catch (err) {
      setError(mapAuthError("signup", err).message);
    } finally {
      setBusy(false);
    }
  };

  const startGoogle = () => {
    setError(null);
    window.location.assign(GOOGLE_START_PATH);
  };

  /** Links Google to the account with its password; any failure shows why and leaves linking mode. */
  const submitLink = async (event: FormEvent) => {
    event.preventDefault();
    if (!linking || busy) return;
    if (linkPassword.length === 0) return setError("Enter your existing password.");
    setBusy(true);
    setError(null);
    try {
      const result = await linkGoogle(linkPassword, linking.linkingToken);
      const state = await auth.login();
      navigate(homeFor({ isNewUser: state.isAuthenticated ? state.isNewUser : result.isNewUser }), { replace: true });
    } catch (err) {
      setError(errorText(err, GOOGLE_MESSAGES.linkFailed));
      setLinking(null);
      setLinkPassword("");
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void (mode === "login" ? submitLogin() : submitSignup());
  };

  if (linking) {
    return (
      <div className="auth-layout">
        <section className="auth-card" aria-labelledby="link-heading">
          <h1 id="link-heading" className="page__title">
            link Google account
          </h1>
          <p className="fine-print" data-testid="link-email">
            {linking.email} already has an account. enter its password to sign in with Google from now on.
          </p>
          <form className="form" onSubmit={(event) => void submitLink(event)} noValidate data-testid="link-form">
            <Field label="your existing password" id="link-password">
              {(control) => (
                <input
                  {...control}
                  data-testid="link-password"
                  type="password"
                  autoComplete="current-password"
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- Google sent the person here to give this one field
                  autoFocus
                  value={linkPassword}
                  onChange={(e) => setLinkPassword(e.target.value)}
                />
              )}
            </Field>
            <SubmitWithError error={error} busy={busy} label="link + sign in" testId="link-submit" />
          </form>
        </section>
        <aside className="auth-aside" aria-label="preview images">
          <PreviewGrid />
          <p className="fine-print auth-aside__caption">tap an image to see another.</p>
        </aside>
      </div>
    );
  }

  return (
    <div className="auth-layout">
      <section className="auth-card">
        <h1 id="auth-heading" className="page__title">
          {mode === "login" ? "welcome back." : "start your graph."}
        </h1>

        <div className="segmented" role="tablist" aria-label="log in or sign up">
          <button
            type="button"
            role="tab"
            aria-selected={mode === "login"}
            className="segmented__option"
            data-testid="auth-tab-login"
            onClick={() => switchMode("login")}
          >
            log in
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === "signup"}
            className="segmented__option"
            data-testid="auth-tab-signup"
            onClick={() => switchMode("signup")}
          >
            sign up
          </button>
        </div>

        <form className="form" onSubmit={onSubmit} noValidate data-testid={`${mode}-form`}>
          {mode === "signup" ? (
            <>
              <Field label="email" id="signup-email">
                {(control) => (
                  <input
                    {...control}
                    data-testid="signup-email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                )}
              </Field>
              <Field label="username" id="signup-username">
                {(control) => (
                  <input
                    {...control}
                    data-testid="signup-username"
                    type="text"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={USERNAME_MAX}
                    value={username}
                    onChange={(e) => setUsername(e.target.value.trim())}
                  />
                )}
              </Field>
              <Field label="password" id="signup-password">
                {(control) => (
                  <input
                    {...control}
                    data-testid="signup-password"
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                )}
              </Field>
              <p className="fine-print" data-testid="signup-legal">
                by signing up you agree to our <Link to="/terms-of-service">terms of service</Link> and{" "}
                <Link to="/privacy-policy">privacy policy</Link>.
              </p>
            </>
          ) : (
            <>
              <Field label="username or email" id="login-identifier">
                {(control) => (
                  <input
                    {...control}
                    data-testid="login-identifier"
                    type="text"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={identifier}
                    onChange={(e) => setIdentifier(e.target.value)}
                  />
                )}
              </Field>
              <Field label="password" id="login-password">
                {(control) => (
                  <input
                    {...control}
                    data-testid="login-password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                )}
              </Field>
            </>
          )}

          <SubmitWithError
            error={error}
            busy={busy}
            label={mode === "login" ? "log in" : "sign up"}
            testId={mode === "login" ? "login-submit" : "signup-submit"}
          />
        </form>

        <div className="divider" role="separator" aria-label="OR">
          <span>OR</span>
        </div>

        <span
          className="tooltip"
          data-tooltip={googleEnabled ? undefined : GOOGLE_UNCONFIGURED}
          title={googleEnabled ? undefined : GOOGLE_UNCONFIGURED}
        >
          <button
            type="button"
            className="button button--outline button--block"
            disabled={!googleEnabled}
            aria-describedby={googleEnabled ? undefined : "google-unconfigured"}
            onClick={startGoogle}
            data-testid="google-signin"
            title={googleEnabled ? undefined : GOOGLE_UNCONFIGURED}
          >
            <svg viewBox="0 0 18 18" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M17.6 9.2c0-.6-.1-1.2-.2-1.8H9v3.4h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.7-1.6 2.7-3.9 2.7-6.5Z"
              />
              <path
                fill="currentColor"
                opacity=".75"
                d="M9 18c2.4 0 4.5-.8 6-2.2l-2.9-2.2c-.8.5-1.8.9-3.1.9-2.4 0-4.4-1.6-5.1-3.8H.9v2.3A9 9 0 0 0 9 18Z"
              />
              <path fill="currentColor" opacity=".55" d="M3.9 10.7a5.4 5.4 0 0 1 0-3.4V5H.9a9 9 0 0 0 0 8l3-2.3Z" />
              <path
                fill="currentColor"
                opacity=".4"
                d="M9 3.6c1.3 0 2.5.5 3.4 1.4L15 2.4A9 9 0 0 0 .9 5l3 2.3C4.6 5.2 6.6 3.6 9 3.6Z"
              />
            </svg>
            continue with Google
          </button>
        </span>
        {!googleEnabled && (
          <span id="google-unconfigured" className="visually-hidden">
            {GOOGLE_UNCONFIGURED}
          </span>
        )}

        <p className="auth-card__footer">
          <Link to="/forgot-password" className="text-link" data-testid="forgot-password-link">
            forgot password?
          </Link>
        </p>
      </section>

      <aside className="auth-aside" aria-label="preview images">
        <PreviewGrid />
        <p className="fine-print auth-aside__caption">tap an image to see another.</p>
      </aside>
    </div>
  );
}

/** The end of each of the page's forms: the error, if any, read out as it appears, and the submit button. */
function SubmitWithError(props: { error: string | null; busy: boolean; label: string; testId: string }) {
  return (
    <>
      {props.error && (
        <p className="form-message form-message--error" role="alert" data-testid="auth-error">
          {props.error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={props.busy}
        data-testid={props.testId}
      >
        {props.busy ? "one moment…" : props.label}
      </button>
    </>
  );
}
