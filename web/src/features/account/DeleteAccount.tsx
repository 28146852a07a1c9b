import { useId, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { forgetSession, useAuth } from "../../lib/session.tsx";
import { Modal } from "../../components/Modal.tsx";
import { Section } from "../../components/Section.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { removeStorage, storageKeys } from "../../lib/storage.ts";
import { deleteAccount, readAuthProvider } from "./api.ts";

/** The spec's messages for a deletion that fails. */
export const DELETE_MESSAGES = {
  provider: "failed to fetch auth provider",
  delete: "failed to delete account",
  unexpected: "An unexpected error occurred.",
} as const;

/** The server's text for a refusal, the fallback when it never answered, and the spec's last resort otherwise. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? errorText(error, fallback) : DELETE_MESSAGES.unexpected;

/**
 * Deleting the account: a dialog in two steps — confirm (step 0), then the password (step 1,
 * when the person signs in with e-mail and password) or, for an account with no password (Google
 * only), typing the username (step 2). Once deleted, this browser forgets the person and says
 * goodbye.
 */
export function DeleteAccount() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const problemId = useId();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setStep(0);
    setPassword("");
    setProblem(null);
  };

  const signedOut = () => {
    // To the goodbye page first, committed at once (outside the guards), then signed out: the
    // other way round, the settings page's guard would see no session and send the person on to
    // the log-in form.
    void navigate("/goodbye", { replace: true, flushSync: true });
    forgetSession(queryClient);
    if (userId) {
      for (const key of [storageKeys.interests, storageKeys.aims, storageKeys.forceFeedRefresh])
        removeStorage(key(userId));
    }
  };

  const remove = async (confirmation: { password: string } | { username: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteAccount(confirmation);
      setOpen(false);
      signedOut();
    } catch (error) {
      setProblem(messageOf(error, DELETE_MESSAGES.delete));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    let provider: string;
    try {
      provider = await readAuthProvider();
    } catch (error) {
      setProblem(messageOf(error, DELETE_MESSAGES.provider));
      setBusy(false);
      return;
    }
    setBusy(false);
    setStep(provider === "email" ? 1 : 2);
  };

  /** What was typed: a password as is, a username without stray spaces. */
  const typed = step === 1 ? password : password.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.length === 0 || busy) return;
    void remove(step === 1 ? { password } : { username: password.trim() });
  };

  return (
    <Section title="delete account" testId="delete-account">
      <p className="fine-print">your account and everything in it go for good: this cannot be undone.</p>
      <button
        type="button"
        className="button button--outline"
        onClick={() => setOpen(true)}
        data-testid="delete-account-open"
      >
        delete account
      </button>
      <Modal open={open} onClose={close} title="delete your account?" testId="delete-account-dialog">
        {step === 0 ? (
          <div className="tune-form">
            <p>
              your topics, aims, added articles, thoughts, photos, follows and settings are deleted, your username and
              e-mail are freed, and you are signed out everywhere.
            </p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void confirm()}
              disabled={busy}
              data-testid="delete-account-confirm"
            >
              {busy ? "checking..." : "yes, delete my account"}
            </button>
          </div>
        ) : (
          <form className="tune-form" onSubmit={submit}>
            <label htmlFor={passwordId} className="tune-form__label">
              {step === 1 ? "enter your password to confirm" : "type your username to confirm"}
            </label>
            <input
              id={passwordId}
              type={step === 1 ? "password" : "text"}
              className="tune-form__input"
              autoComplete={step === 1 ? "current-password" : "off"}
              autoCapitalize="none"
              spellCheck={false}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={problem ? problemId : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- each step of the open dialog is this one field
              autoFocus
              data-testid={step === 1 ? "delete-account-password" : "delete-account-username"}
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={busy || typed.length === 0}
              data-testid="delete-account-submit"
            >
              {busy ? "deleting..." : "delete my account"}
            </button>
          </form>
        )}
        {problem ? (
          <p id={problemId} className="tune-form__problem fine-print" role="alert" data-testid="delete-account-problem">
            {problem}
          </p>
        ) : null}
      </Modal>
    </Section>
  );
}
