import { Hono } from "hono";
import * as z from "zod";
import * as FeedImports from "@graph/core/modules/feed-imports";
import { OPML_IMPORT, OPML_MESSAGES } from "@graph/core/modules/feed-imports/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { input, jsonBody, pageQuery } from "./validate.ts";

/**
 * `/opml/*`: bringing feeds in and out. An import sends the OPML file's text as JSON (within the
 * API's body limit; the file's own limit is checked in bytes, by core), is checked in the
 * background and read back a page of feeds at a time while it runs; the export answers an OPML
 * file to download. Every path acts on the signed-in person's own import and sources only.
 */

const ImportBody = z.object({
  fileName: z.string({ error: "fileName must be text" }).max(1000, "That file name is too long.").optional(),
  // Its size is checked in bytes by core (413 `payload_too_large`), whatever the characters: a
  // length in characters here would refuse some files over the limit differently from others.
  opml: z.string({ error: OPML_MESSAGES.notOpml }).min(1, OPML_MESSAGES.notOpml),
});
const FeedsPage = pageQuery(OPML_IMPORT.pageMax, OPML_MESSAGES.cursorInvalid);

export const opml = new Hono<ApiEnv>()
  .use(requireSession)
  .post("/import", jsonBody(ImportBody), async (c) => {
    const { fileName, opml: document } = c.req.valid("json");
    return c.json(await FeedImports.startImport(currentUserId(c), { fileName: fileName ?? "", document }), 202);
  })
  .get("/import", input("query", FeedsPage), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(
      await FeedImports.latestImport(currentUserId(c), { cursor: cursor ?? null, limit: limit ?? OPML_IMPORT.pageMax }),
    );
  })
  .get("/export", async (c) => {
    const document = await FeedImports.exportOpml(currentUserId(c));
    return c.body(document, 200, {
      "content-type": "text/x-opml; charset=utf-8",
      "content-disposition": 'attachment; filename="graph-feeds.opml"',
      "cache-control": "no-store",
    });
  });
