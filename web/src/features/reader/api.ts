/** The reader view's call: an article's readable text, or why graph shows the publisher's link instead. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export type ArticleReading = InferResponseType<(typeof client.api.reader)[":articleId"]["$get"], 200>;

/**
 * An article's reading. The server keeps each page's extraction for days, so an answer stays
 * fresh for the page's life here; a refusal (404) is not asked again.
 */
export const readingQuery = (articleId: string) =>
  queryOptions({
    queryKey: ["reading", articleId] as const,
    queryFn: ({ signal }): Promise<ArticleReading> =>
      call(client.api.reader[":articleId"].$get({ param: { articleId } }, { init: { signal } })),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
