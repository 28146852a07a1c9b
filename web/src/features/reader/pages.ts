import type { QueryClient } from "@tanstack/react-query";
import { preloadPicture } from "../../lib/prefetched.ts";
import { readingQuery } from "./api.ts";
import { leadPictureSrc } from "./reader.ts";

/** The reader view, loaded when its route is first shown (the shell's router places it). */
export const read = () => import("./ReaderPage.tsx");

/** The article's reading, asked for as the app starts, alongside the session check and the page's chunk. */
export async function prefetchRead(queryClient: QueryClient, articleId: string): Promise<void> {
  if (articleId === "") return;
  const query = readingQuery(articleId);
  await queryClient.prefetchQuery(query);
  const reading = queryClient.getQueryData(query.queryKey)?.reading;
  const src = reading?.kind === "article" ? leadPictureSrc(reading.html) : undefined;
  // Its opening picture, asked for before the page renders it (the same address as its `<img>`).
  if (src) preloadPicture({ src });
}
