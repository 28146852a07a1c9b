import type { QueryClient } from "@tanstack/react-query";
import { isReservedPath } from "@graph/core/modules/users/rules";
import { publicProfileQuery } from "./api.ts";

/** A person's public profile, loaded when its route is first shown (the shell's router places it). */
export const profile = () => import("./public/ProfilePage.tsx");

/** The public profile's one read, asked for as the app starts, alongside the page's chunk. */
export async function prefetchProfile(queryClient: QueryClient, username: string): Promise<void> {
  if (username !== "" && !isReservedPath(username)) await queryClient.prefetchQuery(publicProfileQuery(username));
}
