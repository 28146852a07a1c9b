import { type KeyboardEvent, useId, useState } from "react";
import { ratingAt, ratingText, starFill } from "./rating.ts";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";
/** The star's left half (it is symmetric about x = 12). */
const LEFT_HALF = "M12 2.5L9.1 8.6 2.5 9.4l4.9 4.6-1.3 6.6L12 17.3z";

function Star({ fill }: { fill: "full" | "half" | "empty" }) {
  return (
    <svg className="media-stars__glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-fill={fill}>
      <path className="media-stars__empty" d={STAR} />
      {fill !== "empty" && <path className="media-stars__full" d={fill === "full" ? STAR : LEFT_HALF} />}
    </svg>
  );
}

/** A rating shown, not changed: five stars, read as "3.5 stars" (or "no rating"). */
export function Stars({ rating }: { rating: number | null }) {
  return (
    <span className="media-stars" role="img" aria-label={ratingText(rating)} data-rating={rating ?? ""}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star key={position} fill={starFill(rating, position)} />
      ))}
    </span>
  );
}

interface RatingInputProps {
  value: number | null;
  onChange: (value: number | null) => void;
  /** What is rated ("your rating"), the group's name. */
  label: string;
  testId?: string;
}

/**
 * A rating from 1 to 5 in half stars, or none: a group of radio buttons (one per half star, and
 * "no rating"), so arrow keys move between them and assistive technology reads each as "3.5
 * stars, 6 of 10". Each half of a star is one of them for the pointer; hovering previews.
 * Delete or Backspace clears the rating.
 */
export function RatingInput({ value, onChange, label, testId }: RatingInputProps) {
  const name = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onChange(null);
    }
  };

  const option = (rating: number | null, className: string, text: string) => (
    <label
      key={rating ?? "none"}
      className={className}
      onPointerEnter={rating === null ? undefined : () => setPreview(rating)}
      data-checked={value === rating || undefined}
    >
      <input
        type="radio"
        className="visually-hidden"
        name={name}
        value={rating ?? ""}
        checked={value === rating}
        onChange={() => onChange(rating)}
        onKeyDown={onKeyDown}
      />
      <span className={rating === null ? undefined : "visually-hidden"}>{text}</span>
    </label>
  );

  return (
    <fieldset className="rating" data-testid={testId} data-value={value ?? ""}>
      <legend className="rating__legend">{label}</legend>
      <div className="rating__row">
        {option(null, "rating__none", "none")}
        <div className="rating__stars" onPointerLeave={() => setPreview(null)}>
          {[1, 2, 3, 4, 5].map((position) => (
            <span key={position} className="rating__star">
              <Star fill={starFill(shown, position)} />
              {position === 1
                ? option(1, "rating__hit rating__hit--whole", ratingText(1))
                : [
                    option(
                      ratingAt(position, "left"),
                      "rating__hit rating__hit--left",
                      ratingText(ratingAt(position, "left")),
                    ),
                    option(position, "rating__hit rating__hit--right", ratingText(position)),
                  ]}
            </span>
          ))}
        </div>
        <span className="rating__value" aria-hidden="true">
          {ratingText(shown)}
        </span>
      </div>
    </fieldset>
  );
}
