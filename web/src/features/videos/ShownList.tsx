import { type ReactNode, useState } from "react";

interface ShownListProps<T> {
  items: readonly T[];
  /** How many are shown at first, and how many more each "show more" adds. */
  page: number;
  /** What the items are, for the button ("videos"). */
  noun: string;
  testId: string;
  children: (shown: readonly T[]) => ReactNode;
}

/** A long list read whole, shown a page at a time with a "show more". */
export function ShownList<T>({ items, page, noun, testId, children }: ShownListProps<T>) {
  const [count, setCount] = useState(page);
  const shown = items.length > count ? items.slice(0, count) : items;
  return (
    <>
      {children(shown)}
      {items.length > count && (
        <button
          type="button"
          className="button button--outline media-more"
          onClick={() => setCount((c) => c + page)}
          data-testid={testId}
        >
          show more {noun} ({shown.length.toLocaleString("en")} of {items.length.toLocaleString("en")} shown)
        </button>
      )}
    </>
  );
}
