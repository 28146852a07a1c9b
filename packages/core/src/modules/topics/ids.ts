import { createHash } from "node:crypto";

/** A topic's id, derived from its phrase: the same for everyone, and for a suggestion of it. */
export const topicIdOf = (phrase: string) => createHash("sha256").update(phrase).digest("base64url").slice(0, 16);
