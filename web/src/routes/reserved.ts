import { RESERVED_PATHS } from "@graph/core/users/rules";

/** Paths that are never profile names (the server refuses them as usernames too). */
export { RESERVED_PATHS };

const reserved = new Set<string>(RESERVED_PATHS);

export function isReservedPath(path: string): boolean {
  return reserved.has(path.replace(/^\/+|\/+$/g, "").toLowerCase());
}
