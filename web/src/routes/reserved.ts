/** Paths that are never profile names: core's one list, which sign-up and rename refuse as usernames too. */
export { isReservedPath, RESERVED_PATHS } from "@graph/core/modules/users/rules";
