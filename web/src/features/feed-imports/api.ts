/** Calls of OPML in and out: starting an import, reading the latest one a page of feeds at a time, the export's address. */
import { infiniteQueryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { importPollInterval, type ImportPage } from "./feed-imports.ts";

const opml = client.api.opml;

/** Feeds a page of the import's results holds. */
export const FEEDS_PAGE = 100;

/**
 * The person's latest import and its feeds, a page at a time (the cursor is the page param). While
 * the import runs, the pages read so far are read again every moment, until it is done.
 */
export const importQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["opml-import", userId] as const,
    queryFn: ({ pageParam, signal }): Promise<ImportPage> =>
      call(
        opml.import.$get(
          { query: { limit: String(FEEDS_PAGE), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: userId !== "",
    refetchInterval: (query) => importPollInterval(query.state.data?.pages[0]?.import),
  });

/** Starts an import of an OPML file's text; answers the import, queued. */
export const startImport = (fileName: string, text: string) =>
  call(opml.import.$post({ json: { fileName, opml: text } }));

/** Where the export downloads from, a plain link (the server answers it as an attachment, `GET /api/opml/export`). */
export const EXPORT_PATH = "/api/opml/export";
