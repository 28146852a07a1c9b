/**
 * Where a key press moves in a tablist (WAI-ARIA tabs: Left/Right wrap around, Home and End go
 * to the ends), from the tab `current` in `tabs`; null for any other key. Shared by every
 * tablist so they all move alike.
 */
export function tabForKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const at = tabs.indexOf(current);
  const n = tabs.length;
  switch (key) {
    case "ArrowRight":
      return tabs[(at + 1) % n]!;
    case "ArrowLeft":
      return tabs[(at - 1 + n) % n]!;
    case "Home":
      return tabs[0]!;
    case "End":
      return tabs[n - 1]!;
    default:
      return null;
  }
}
