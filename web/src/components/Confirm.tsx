import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { Modal } from "./Modal.tsx";

interface Question {
  message: string;
  confirmLabel: string;
}

type Ask = (message: string, confirmLabel?: string) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

/**
 * Asks before something that cannot be undone, in the page's own dialog (the browser's
 * `confirm()` blocks the page and cannot be styled or read by the page's tests). Placed once by
 * the shell.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((message, confirmLabel = "yes") => {
    answer.current?.(false);
    setQuestion({ message, confirmLabel });
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);

  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setQuestion(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Modal open={question !== null} onClose={() => settle(false)} title="are you sure?" testId="confirm-dialog">
        <p data-testid="confirm-message">{question?.message}</p>
        <p>
          <button
            type="button"
            className="button button--primary"
            data-testid="confirm-yes"
            onClick={() => settle(true)}
          >
            {question?.confirmLabel}
          </button>
        </p>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** `await confirm("delete ...?")`: true when the person confirmed, false when they closed it. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm needs a ConfirmProvider");
  return ask;
}
