import * as RateLimit from "../rate-limit/index.ts";
import { purgeMemberships } from "./conversations.ts";
import { rateLimit } from "./messages.ts";
import * as Presence from "./presence.ts";

/**
 * Chat's part of deleting an account: the person leaves their conversations (memberships) and
 * their presence goes; the messages they sent stay in the others' conversations, shown as a
 * deleted account's.
 */
export async function purgeAccount(userId: string): Promise<void> {
  await Promise.all([
    purgeMemberships(userId),
    Presence.purgePresence(userId),
    RateLimit.purge(rateLimit(userId).bucket),
  ]);
}
