import { type ReactNode, useId, useState } from "react";
import type { Review } from "./api.ts";
import { NOTES_MAX } from "./media.ts";
import { RatingInput } from "./StarRating.tsx";

interface ReviewFormProps {
  initial?: Review;
  /** The submit button's text ("add to your books", "save"). */
  submitLabel: string;
  onSubmit: (review: Review) => void;
  onCancel: () => void;
  /** What the form is about, read before its fields (a picked book's cover and title). */
  children?: ReactNode;
  testId?: string;
}

/**
 * A rating and notes for a book or a film: adding one picked from a search, or editing one on
 * the shelf. Notes are counted against their limit as they are typed.
 */
export function ReviewForm({ initial, submitLabel, onSubmit, onCancel, children, testId }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [notes, setNotes] = useState(initial?.notes ?? "");
  const notesId = useId();
  const countId = useId();
  const left = NOTES_MAX - notes.length;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape in any of its controls cancels
    <form
      className="media-review"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ rating, notes: notes.trim() });
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      {children}
      <RatingInput value={rating} onChange={setRating} label="your rating" testId="rating-input" />
      <div className="media-review__notes">
        <label htmlFor={notesId} className="tune-form__label">
          notes
        </label>
        <textarea
          id={notesId}
          className="tune-form__input media-review__textarea"
          rows={3}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          aria-describedby={countId}
          data-testid="notes-input"
        />
        <p id={countId} className="media-review__count" data-near={left < 100 || undefined} data-testid="notes-count">
          {notes.length.toLocaleString("en")} of {NOTES_MAX.toLocaleString("en")} characters
        </p>
      </div>
      <div className="media-review__actions">
        <button type="submit" className="button button--primary" data-testid="review-submit">
          {submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} data-testid="review-cancel">
          cancel
        </button>
      </div>
    </form>
  );
}
