/** Calls of deleting the account: how the person signs in, and the deletion itself. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

/** `email` for a password account, else the provider it signs in with (Google). */
export const readAuthProvider = async () => (await call(client.api.users.auth_provider.$get())).auth_provider;

/** Deletes the account, confirmed by its password (or, with no password, by its username). */
export const deleteAccount = (confirmation: { password: string } | { username: string }) =>
  call(client.api.users.delete.$post({ json: confirmation }));
