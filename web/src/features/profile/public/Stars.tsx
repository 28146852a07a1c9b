/**
 * A rating of 1 to 5 in half steps, drawn as five stars filled up to the rating. Read out as
 * "rated 3.5 out of 5": the glyphs themselves are hidden from screen readers.
 */
export function Stars({ rating, testId = "stars" }: { rating: number; testId?: string }) {
  const filled = `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%`;
  return (
    <span
      className="stars"
      role="img"
      aria-label={`rated ${rating} out of 5`}
      data-testid={testId}
      data-rating={rating}
    >
      <span className="stars__empty" aria-hidden="true">
        ☆☆☆☆☆
      </span>
      <span className="stars__filled" aria-hidden="true" style={{ width: filled }}>
        ★★★★★
      </span>
    </span>
  );
}
