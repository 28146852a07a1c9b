import { useState } from "react";
import type { Review } from "./api.ts";
import type { ShelfEntry } from "./media.ts";
import { Cover } from "./Cover.tsx";
import { ReviewForm } from "./ReviewForm.tsx";
import { Stars } from "./StarRating.tsx";

interface ShelfListProps<T> {
  items: T[];
  view: (item: T) => ShelfEntry;
  onEdit: (item: T, review: Review) => void;
  onDelete: (item: T) => void;
  /** The list's name for assistive technology (the section's heading). */
  labelledBy: string;
  testId: string;
}

/** The books or films on the person's list, each with its rating and notes, to edit or delete. */
export function ShelfList<T>({ items, view, onEdit, onDelete, labelledBy, testId }: ShelfListProps<T>) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <ul className="media-shelf" aria-labelledby={labelledBy} data-testid={testId}>
      {items.map((item) => {
        const entry = view(item);
        const isEditing = editing === entry.id;
        const editId = `media-edit-${testId}-${entry.id}`;
        return (
          <li
            key={entry.id}
            className="media-item"
            data-testid="media-item"
            data-id={entry.id}
            data-title={entry.title}
          >
            <div className="media-item__row">
              <Cover url={entry.imageUrl} size="medium" />
              <div className="media-item__main">
                <span className="media-item__title">{entry.title}</span>
                {entry.byline && <span className="media-item__byline">{entry.byline}</span>}
                <Stars rating={entry.rating} />
                {entry.notes && !isEditing && <p className="media-item__notes">{entry.notes}</p>}
              </div>
              <div className="media-item__actions">
                <button
                  type="button"
                  className="button button--ghost media-item__action"
                  aria-expanded={isEditing}
                  aria-controls={isEditing ? editId : undefined}
                  aria-label={`edit ${entry.title}`}
                  onClick={() => setEditing(isEditing ? null : entry.id)}
                  data-testid="media-edit"
                >
                  edit
                </button>
                <button
                  type="button"
                  className="button button--ghost media-item__action tune-row__delete"
                  aria-label={`delete ${entry.title}`}
                  onClick={() => onDelete(item)}
                  data-testid="media-delete"
                >
                  delete
                </button>
              </div>
            </div>
            {isEditing && (
              <div id={editId} className="media-item__edit">
                <ReviewForm
                  initial={{ rating: entry.rating, notes: entry.notes }}
                  submitLabel="save"
                  onSubmit={(review) => {
                    onEdit(item, review);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                  testId="media-edit-form"
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
