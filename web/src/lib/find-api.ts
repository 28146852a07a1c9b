/** Search calls for the find page. */
import { api } from "./api.ts";
import {
  type ArticleSearchPage,
  type FindType,
  type UserSearchResult,
  postsSearchPath,
  usersSearchPath,
} from "./find.ts";

export const findQueryKey = (type: FindType, term: string | null) => ["find", type, term] as const;

export async function searchPosts(term: string, page: number, signal?: AbortSignal): Promise<ArticleSearchPage> {
  const data = await api.get<Partial<ArticleSearchPage> | null>(postsSearchPath(term, page), signal ? { signal } : {});
  return {
    results: Array.isArray(data?.results) ? data.results : [],
    page: typeof data?.page === "number" ? data.page : page,
    hasMore: data?.hasMore === true,
  };
}

export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const data = await api.get<UserSearchResult[] | null>(usersSearchPath(term), signal ? { signal } : {});
  return Array.isArray(data) ? data.filter((u) => u && typeof u.username === "string" && u.username !== "") : [];
}
