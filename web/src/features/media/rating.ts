/** Ratings on graph's scale: 1 to 5 stars in half steps, or none. */

/** Every rating a person can give, lowest first. */
export const RATINGS: readonly number[] = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

/** "3.5 stars", "1 star", "no rating". */
export function ratingText(rating: number | null): string {
  if (rating === null) return "no rating";
  return `${rating} ${rating === 1 ? "star" : "stars"}`;
}

/** How much of the star at `position` (1..5) a rating fills. */
export function starFill(rating: number | null, position: number): "full" | "half" | "empty" {
  if (rating === null || rating < position - 0.5) return "empty";
  return rating >= position ? "full" : "half";
}

/**
 * The rating a star's half stands for: the left half of star n is n − 0.5, the right half n. The
 * first star has no half (there is no half-star rating), so both its halves are 1.
 */
export function ratingAt(position: number, half: "left" | "right"): number {
  return half === "right" || position === 1 ? position : position - 0.5;
}
