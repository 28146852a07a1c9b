/** Search calls for the find page. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import type { ArticleSearchPage, FindType, UserSearchResult } from "./find.ts";

export const findQueryKey = (type: FindType, term: string | null) => ["find", type, term] as const;

export function searchPosts(term: string, page: number, signal?: AbortSignal): Promise<ArticleSearchPage> {
  return call(client.api.rss.search.$get({ query: { q: term, page: String(page) } }, { init: { signal } }));
}

export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const people = await call(client.api.users.search.$get({ query: { q: term } }, { init: { signal } }));
  return people.filter((person) => person.username !== "");
}
