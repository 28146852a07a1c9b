import { type ReactNode, useId } from "react";

/** What a field hands its control: the id its label names, and what describes the control. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FieldProps {
  label: ReactNode;
  /** The control's id, when a link or the page needs to name it; one is made up otherwise. */
  id?: string;
  labelClassName?: string;
  /** A line under the control saying what to type, read with the control. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, read with it, and marking it invalid. */
  error?: string | null;
  errorTestId?: string;
  /** The control (an input, a textarea), given the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field: the label, the control, then its hint and its error, if any. */
export function Field({ label, id, labelClassName, hint, error, errorTestId, children }: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint != null ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {children({
        id: controlId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true } : {}),
      })}
      {hint != null && (
        <p id={hintId} className="fine-print">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
