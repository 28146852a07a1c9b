/** Search calls of the find page (posts and people) and of the chat's people picker. */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { type ArticleSearchPage, type UserSearchResult, nextPageParam } from "./find.ts";

/**
 * What a search shows while the next answer is on its way: the rows of the search before. An
 * answer is kept `staleMs` (going back to it shows it at once, with no new request), and the
 * window getting focus again asks nothing. Null is nothing to search.
 */
const searchOptions = (term: string | null, staleMs: number) => ({
  enabled: term !== null,
  placeholderData: keepPreviousData,
  staleTime: staleMs,
  refetchOnWindowFocus: false,
});

export function searchPosts(term: string, page: number, signal?: AbortSignal): Promise<ArticleSearchPage> {
  return call(client.api.rss.search.$get({ query: { q: term, page: String(page) } }, { init: { signal } }));
}

/** People whose name matches, leaving out accounts that have no username yet. */
export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const people = await call(client.api.users.search.$get({ query: { q: term } }, { init: { signal } }));
  return people.filter((person) => person.username !== "");
}

/** Posts matching the settled term, a page at a time. */
export const postsSearchQuery = (term: string | null) =>
  infiniteQueryOptions({
    queryKey: ["find", "posts", term] as const,
    queryFn: ({ pageParam, signal }) => searchPosts(term ?? "", pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ArticleSearchPage) => nextPageParam(last),
    ...searchOptions(term, 5 * 60_000),
  });

export const usersSearchQuery = (term: string | null) =>
  queryOptions({
    queryKey: ["find", "users", term] as const,
    queryFn: ({ signal }) => searchUsers(term ?? "", signal),
    ...searchOptions(term, 60_000),
  });

/** The tumble-word lists the person's plan includes, and the others (listed locked). */
export const tumbleListsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["find", "tumble-lists", userId] as const,
    queryFn: ({ signal }) => call(client.api.tumble.lists.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
    staleTime: 60_000,
  });

/** A random term of a list, other than `showing` where the list has another. */
export function tumbleWord(list: string, showing: string) {
  const query = showing.trim() === "" ? { list } : { list, not: showing.slice(0, 200) };
  return call(client.api.tumble.word.$get({ query }));
}

/** The list the person writes. */
export const writtenListQuery = (userId: string) =>
  queryOptions({
    queryKey: ["find", "tumble-lists", userId, "mine"] as const,
    queryFn: ({ signal }) => call(client.api.tumble.lists.mine.$get(undefined, { init: { signal } })),
  });

export function saveWrittenList(terms: string[]) {
  return call(client.api.tumble.lists.mine.$put({ json: { terms } }));
}
