/** Calls of the daily e-mail digest: its preferences, read and saved, and the e-mailed unsubscribe link's one click. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

const digestKey = (userId: string) => ["email-digest-preferences", userId] as const;

export const digestPreferencesQuery = (userId: string) =>
  queryOptions({
    queryKey: digestKey(userId),
    queryFn: ({ signal }) => call(client.api.users.email_digest_preferences.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every save, so the save state speaks once the last one has settled. */
export const digestSaveKey = (userId: string) => [...digestKey(userId), "save"] as const;

/** `GET /api/users/email_digest_preferences`, as the route answers it. */
export type DigestPreferences = InferResponseType<typeof client.api.users.email_digest_preferences.$get, 200>;
/** What a save sends: only the fields that changed (the server answers the whole preferences). */
export type DigestChanges = Partial<DigestPreferences>;

export function saveDigestPreferences(changes: DigestChanges) {
  return call(client.api.users.update_email_digest_preferences.$post({ json: changes }));
}

/** Turns the digest off for the person the signed token names (no sign-in needed). */
export const unsubscribe = (token: string) =>
  call(client.api.digest.unsubscribe.$post({ query: { token } }), { logoutOn401: false });
