import { useEffect, useState } from "react";

/** The page's one-column width (spec: 768 px or narrower). */
export const NARROW_QUERY = "(max-width: 768px)";

/** Whether the window is narrow: titles are cut shorter there. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    const change = () => setNarrow(media.matches);
    media.addEventListener("change", change);
    return () => media.removeEventListener("change", change);
  }, []);
  return narrow;
}
