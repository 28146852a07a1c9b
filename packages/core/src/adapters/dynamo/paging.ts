import { isUnavailable } from "./db.ts";
import { badRequest } from "../../lib/errors/index.ts";

/** The cursors graph hands out: ElectroDB's (base64 of the last key read). */
const CURSOR = /^[A-Za-z0-9_=+/-]{1,1000}$/;

interface Pageable {
  go(options: {
    order: "desc";
    limit: number;
    cursor: string | null;
  }): Promise<{ data: unknown[]; cursor: string | null }>;
}

/**
 * One page of a query, newest first (the owner's paged lists: shelves, channels, videos). A cursor
 * that is not one graph handed out for this list (malformed, or another list's: its key names
 * another partition) is the client's mistake: 400 with the module's `invalidCursor` message.
 */
export async function pageOf(query: Pageable, cursor: string | null, limit: number, invalidCursor: string) {
  if (cursor !== null && !CURSOR.test(cursor)) throw badRequest(invalidCursor);
  try {
    return await query.go({ order: "desc", limit, cursor });
  } catch (error) {
    if (cursor !== null && !isUnavailable(error)) throw badRequest(invalidCursor);
    throw error;
  }
}
