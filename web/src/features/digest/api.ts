/** Calls of the feed tab's daily e-mail digest: its preferences, read and saved. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const digestQueryKey = (userId: string) => ["email-digest-preferences", userId] as const;
/** Shared by every save, so the save state speaks once the last one has settled. */
export const digestSaveKey = (userId: string) => ["email-digest-preferences", userId, "save"] as const;

export type DigestPreferences = Awaited<ReturnType<typeof readDigestPreferences>>;
/** What a save sends: only the fields that changed (the server answers the whole preferences). */
export type DigestChanges = Partial<DigestPreferences>;

export function readDigestPreferences(signal?: AbortSignal) {
  return call(client.api.users.email_digest_preferences.$get(undefined, { init: { signal } }));
}

export function saveDigestPreferences(changes: DigestChanges) {
  return call(client.api.users.update_email_digest_preferences.$post({ json: changes }));
}
