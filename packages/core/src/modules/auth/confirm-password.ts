import { forbidden, RateLimitedError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import { LIMITS } from "./accounts.ts";
import { verifyPassword } from "./password.ts";

export const WRONG_PASSWORD = "Wrong password.";

/**
 * Checks a signed-in person's password before something that cannot be undone (deleting the
 * account). Attempts count against the same per-account limit as log-ins from unknown browsers,
 * counted before the check, so a stolen session cannot be used to guess the password faster
 * than the log-in page allows. A wrong password is a 403: the person is still signed in.
 */
export async function confirmPassword(userId: string, password: string, clientAddress: string): Promise<void> {
  const tooMany = (s: number) => `Too many login attempts. Try again in ${RateLimit.minutesText(s)}.`;
  await RateLimit.enforce({ bucket: `login:addr:${clientAddress}`, ...LIMITS.loginPerAddress }, tooMany);
  const perAccount = { bucket: loginBucketOf(userId), ...LIMITS.loginFailuresPerIdentifier };
  const state = await RateLimit.hit(perAccount);
  if (!state.allowed) throw new RateLimitedError(tooMany(state.retryAfter), state.retryAfter);
  const user = await Users.byId(userId);
  if (!user || !(await verifyPassword(password, user.passwordHash)))
    throw forbidden(WRONG_PASSWORD, "invalid_credentials");
  await RateLimit.reset(perAccount);
}

/** The log-in limit's bucket of an account (see `logIn`). */
export const loginBucketOf = (userId: string) => `login:user:${userId}`;
