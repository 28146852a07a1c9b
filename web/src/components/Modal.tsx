import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal dialog on the browser's own `<dialog>`: it keeps focus inside while open, gives it back
 * to what opened it, and closes on Escape (the `cancel` the browser fires), on its close button
 * and on a click outside its box.
 */
export function Modal({ open, onClose, title, children, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop does what Escape does
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      data-testid={testId}
      // Fired for Escape and for close() alike, so the page's state follows the dialog's.
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // The dialog itself is only hit outside the box (its backdrop): the box fills it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__box">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        <button type="button" className="button button--outline modal__close" onClick={onClose}>
          close
        </button>
      </div>
    </dialog>
  );
}
