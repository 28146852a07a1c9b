import { randomInt } from "node:crypto";
import { isReservedPath, USERNAME_MAX, USERNAME_MIN } from "../users/rules.ts";

/** Characters a username may hold (the sign-up rule). */
const clean = (value: string) => value.normalize("NFKD").replace(/[^A-Za-z0-9_-]/g, "");

/**
 * The username a new Google person starts with (they can change it in settings): the e-mail's
 * local part (before any +tag), else their name, else "user", cut to the length rules; it never
 * is a reserved word. `attempt` > 0 adds a random number, for when the plain name is taken.
 */
export function usernameFor(email: string, name: string | undefined, attempt: number): string {
  const local = email.split("@")[0]!.split("+")[0]!;
  let base = clean(local);
  if (base.length < USERNAME_MIN) base = clean(name ?? "");
  if (base.length < USERNAME_MIN) base = "user";
  if (isReservedPath(base)) base = `${base}-user`;
  if (attempt === 0) return base.slice(0, USERNAME_MAX);
  // More digits the more tries it takes, so a crowded name still finds a free one.
  const suffix = String(randomInt(10 ** (2 + attempt), 10 ** (3 + attempt)));
  return `${base.slice(0, USERNAME_MAX - suffix.length - 1)}-${suffix}`;
}
