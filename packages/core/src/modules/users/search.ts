import { badRequest } from "../../lib/errors/index.ts";
import { MIN_QUERY_LENGTH, MIN_QUERY_MESSAGE, PEOPLE_RESULTS } from "../search/rules.ts";
import { DirectoryEntity } from "./directory.entity.ts";
import { pictureAddress } from "../pictures/index.ts";
/** The directory is read whole at most this often per process; substring search needs all of it. */
const CACHE_MS = 15_000;

interface Entry {
  usernameLower: string;
  username: string;
  userId: string;
  imageUrl?: string;
}

let cache: { at: number; entries: Entry[] } | undefined;

async function entries(now: number): Promise<Entry[]> {
  // Read again too when the clock was put back past the read (as a test's moved clock is).
  if (!cache || now < cache.at || now - cache.at > CACHE_MS) {
    const { data } = await DirectoryEntity.query.byUsername({ directory: "people" }).go({ pages: "all" });
    cache = { at: now, entries: data };
  }
  return cache.entries;
}

/** Forget the cached directory (after a change this process made, so it sees it at once). */
export function invalidate() {
  cache = undefined;
}

/**
 * People whose username contains the query, case-insensitively: an exact name first, then
 * names starting with it, then names containing it earlier, shorter names first.
 */
export async function searchPeople(query: string, searcherId: string, now = Date.now()) {
  const q = query.trim().toLowerCase();
  if (q.length < MIN_QUERY_LENGTH) throw badRequest(MIN_QUERY_MESSAGE);
  const rank = (e: Entry) => {
    const at = e.usernameLower.indexOf(q);
    return [e.usernameLower === q ? 0 : at === 0 ? 1 : 2, at, e.usernameLower.length] as const;
  };
  return (await entries(now))
    .filter((e) => e.userId !== searcherId && e.usernameLower.includes(q))
    .map((e) => ({ e, r: rank(e) }))
    .sort(
      (a, b) =>
        a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.e.usernameLower.localeCompare(b.e.usernameLower),
    )
    .slice(0, PEOPLE_RESULTS)
    .map(({ e }) => ({ id: e.userId, username: e.username, image_url: pictureAddress(e.imageUrl) }));
}
