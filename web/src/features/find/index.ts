/** Finding people, as other features use it (a new chat searches for whom to write to). */
export { searchUsers } from "./api.ts";
export { type UserSearchResult, profilePath, searchTerm } from "./find.ts";
