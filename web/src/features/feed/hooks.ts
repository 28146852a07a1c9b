import { useCallback, useEffect, useRef } from "react";
import { markSeen } from "./api.ts";
import { SEEN_VISIBILITY, SeenBatcher } from "./feed-seen.ts";

/** One batcher per person for the life of the page, so an id is reported at most once per page load. */
const batchers = new Map<string, SeenBatcher>();

function batcherFor(userId: string): SeenBatcher {
  let batcher = batchers.get(userId);
  if (!batcher) {
    batcher = new SeenBatcher({
      send: (articleIds) => {
        markSeen(articleIds).catch((error: unknown) => console.error("mark_seen failed", error));
      },
    });
    batchers.set(userId, batcher);
  }
  return batcher;
}

/**
 * Reports articles as seen once half of them has been on screen. Returns a ref callback for
 * elements carrying `data-article-id`.
 */
export function useSeenReporter(userId: string | null): (element: HTMLElement | null) => (() => void) | undefined {
  const elements = useRef(new Set<HTMLElement>());
  const observerRef = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    if (!userId || typeof IntersectionObserver === "undefined") return;
    const batcher = batcherFor(userId);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // A hair under the threshold: browsers report ratios such as 0.4999 at the crossing.
          if (!entry.isIntersecting || entry.intersectionRatio < SEEN_VISIBILITY - 0.01) continue;
          const target = entry.target as HTMLElement;
          const id = target.dataset.articleId;
          if (id) batcher.add(id);
          observer.unobserve(target);
        }
      },
      { threshold: SEEN_VISIBILITY },
    );
    observerRef.current = observer;
    for (const element of elements.current) {
      if (!batcher.hasSeen(element.dataset.articleId ?? "")) observer.observe(element);
    }
    const onVisibility = () => {
      if (document.visibilityState === "hidden") batcher.flush();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      observer.disconnect();
      observerRef.current = null;
      batcher.flush();
    };
  }, [userId]);

  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    elements.current.add(element);
    observerRef.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observerRef.current?.unobserve(element);
    };
  }, []);
}
