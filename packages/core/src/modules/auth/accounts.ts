import { randomUUID } from "node:crypto";
import { Resource } from "sst";
import { isConditionFailure, nowSeconds, transact, utcDay } from "../../adapters/dynamo/index.ts";
import * as Email from "../email/index.ts";
import { badRequest, conflict, forbidden, unauthorized, RateLimitedError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import type { User } from "../users/index.ts";
import { randomToken, safeEqual, sha256, sixDigitCode } from "../../lib/util/index.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { PendingAccountEntity } from "./pending-account.entity.ts";
import { ResetTokenEntity } from "./reset-token.entity.ts";
import * as Devices from "./devices.ts";
import * as Sessions from "./sessions.ts";
import { VerificationEntity } from "./verification.entity.ts";
import { MailQueue, enqueue } from "../../adapters/queues/index.ts";

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_WRONG_TRIES = 5;
export const RESET_TTL_SECONDS = 60 * 60;

export const LIMITS = {
  signupPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Log-in attempts on an account from browsers it does not know (the brute-force limit). */
  loginFailuresPerIdentifier: { max: 10, windowSeconds: 15 * 60 },
  /** Failed log-ins from one known browser; past it, that browser is treated as unknown. */
  loginFailuresPerDevice: { max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 50, windowSeconds: 15 * 60 },
  resendPerEmail: { max: 3, windowSeconds: 15 * 60 },
  resendPerAddress: { max: 20, windowSeconds: 60 * 60 },
  resetPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 20, windowSeconds: 60 * 60 },
} as const;

export const MESSAGES = {
  invalidCredentials: "Invalid username or password.",
  verifyEmail: "Please verify your email address before logging in.",
  taken: "That username or email is already taken (unique constraint).",
  wrongCode: (left: number) => `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
  codeLocked: "Too many wrong codes. Request a new code.",
  codeExpired: "This code has expired. Request a new code.",
  noCode: "There is no code to check. Request a new code.",
  badResetLink: "This reset link is invalid or has expired.",
} as const;

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

function verificationItem(userId: string, code: string) {
  return { userId, codeHash: codeHash(userId, code), wrongTries: 0, expiresAt: nowSeconds() + CODE_TTL_SECONDS };
}

async function sendCode(user: Pick<User, "email">, code: string) {
  await enqueue(MailQueue, [Email.templates.verificationCode(user.email, code, CODE_TTL_SECONDS / 60)]);
}

/** Creates an unverified account and e-mails its verification code. */
export async function signUp(
  input: { username: string; email: string; password: string },
  clientAddress: string,
): Promise<{ userId: string }> {
  await RateLimit.enforce(
    { bucket: `signup:addr:${clientAddress}`, ...LIMITS.signupPerAddress },
    (s) => `Too many sign-ups from this network. Try again in ${RateLimit.minutesText(s)}.`,
  );
  // A cheap read first turns most duplicates away before paying for the password hash;
  // the transaction below is what actually guarantees uniqueness under concurrency.
  if (await Users.isTaken(input.username, input.email)) throw conflict(MESSAGES.taken, "username_taken");

  const userId = randomUUID();
  const createdAt = Date.now();
  const passwordHash = await hashPassword(input.password);
  const code = sixDigitCode();
  const result = await transact([
    ...Users.ops.create({ userId, username: input.username, email: input.email, passwordHash, createdAt }),
    VerificationEntity.put(verificationItem(userId, code)),
    PendingAccountEntity.create({ day: utcDay(createdAt), createdAt, userId }),
  ]);
  if (result.canceled) throw conflict(MESSAGES.taken, "username_taken");
  await sendCode(input, code);
  return { userId };
}

/**
 * Checks a password log-in; answers the account, a new session token and a new device token.
 *
 * Guessing is limited per account: attempts from browsers the account does not know count
 * together, and past the limit they are refused even with the right password. A browser that
 * signed in to this account before (its device cookie) counts its own attempts instead, so a
 * stranger's guessing never locks the owner out of their own browser (OWASP device cookies).
 * Each attempt is counted before the password is checked, so parallel guesses cannot pass a limit.
 */
export async function logIn(
  input: { identifier: string; password: string },
  clientAddress: string,
  deviceToken?: string,
) {
  const identifier = input.identifier.trim().toLowerCase();
  const tooMany = (s: number) => `Too many login attempts. Try again in ${RateLimit.minutesText(s)}.`;
  await RateLimit.enforce({ bucket: `login:addr:${clientAddress}`, ...LIMITS.loginPerAddress }, tooMany);
  const user = await Users.byIdentifier(identifier);
  const device = user ? await Devices.read(deviceToken) : undefined;
  const perDevice =
    device && device.userId === user?.userId
      ? { bucket: `login:device:${device.tokenHash}`, ...LIMITS.loginFailuresPerDevice }
      : undefined;
  // Failures from unknown browsers count against the account (whichever of its names is used)
  // or, for names that match no account, against the name itself.
  const perAccount = {
    bucket: user ? `login:user:${user.userId}` : `login:id:${sha256(identifier)}`,
    ...LIMITS.loginFailuresPerIdentifier,
  };
  const deviceState = perDevice ? await RateLimit.hit(perDevice) : undefined;
  const limit = deviceState?.allowed ? perDevice! : perAccount;
  const state = limit === perAccount ? await RateLimit.hit(perAccount) : deviceState!;
  if (!state.allowed) throw new RateLimitedError(tooMany(state.retryAfter), state.retryAfter);

  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials, "invalid_credentials");
  await RateLimit.reset(limit);
  if (!user.isVerified)
    throw forbidden(MESSAGES.verifyEmail, "email_unverified", { userId: user.userId, email: user.email });
  if (perDevice) await Devices.forget(device!);
  const [session, newDevice] = await Promise.all([Sessions.create(user.userId), Devices.remember(user.userId)]);
  return { user, session, device: newDevice };
}

/**
 * Checks an e-mail verification code. A right code verifies the account and signs it in;
 * each wrong one counts, and the fifth locks the code until a new one is sent.
 */
export async function verify(input: { userId: string; code: string }) {
  const user = await Users.byId(input.userId);
  if (!user) throw badRequest(MESSAGES.noCode, "no_code");
  if (user.isVerified) return { alreadyVerified: true as const };

  const { data: pending } = await VerificationEntity.get({ userId: user.userId }).go();
  if (!pending) throw badRequest(MESSAGES.noCode, "no_code");
  if (pending.wrongTries >= CODE_MAX_WRONG_TRIES)
    throw new RateLimitedError(MESSAGES.codeLocked, CODE_TTL_SECONDS, "code_locked");
  if (pending.expiresAt <= nowSeconds()) throw badRequest(MESSAGES.codeExpired, "code_expired");

  if (!safeEqual(pending.codeHash, codeHash(user.userId, input.code))) {
    // The condition ties the count to this code: a new code sent meanwhile starts afresh.
    // Only that failed condition is an answer; a throttle or outage propagates (503), it is
    // never reported as a locked code.
    const counted = await VerificationEntity.update({ userId: user.userId })
      .add({ wrongTries: 1 })
      .where((attr, op) => op.eq(attr.codeHash, pending.codeHash))
      .go({ response: "all_new" })
      .catch((error: unknown) => {
        if (isConditionFailure(error)) return undefined;
        throw error;
      });
    if (!counted) throw badRequest(MESSAGES.noCode, "no_code");
    const tries = counted.data.wrongTries ?? CODE_MAX_WRONG_TRIES;
    if (tries >= CODE_MAX_WRONG_TRIES) throw new RateLimitedError(MESSAGES.codeLocked, CODE_TTL_SECONDS, "code_locked");
    throw badRequest(MESSAGES.wrongCode(CODE_MAX_WRONG_TRIES - tries), "code_wrong");
  }

  // Consuming the code, marking the account verified and clearing its pending marker
  // happen together; the code's conditions make it single-use under concurrency.
  const result = await transact([
    VerificationEntity.delete({ userId: user.userId }).where(
      (attr, op) => `${op.eq(attr.codeHash, pending.codeHash)} AND ${op.lt(attr.wrongTries, CODE_MAX_WRONG_TRIES)}`,
    ),
    PendingAccountEntity.delete({ day: utcDay(user.createdAt), createdAt: user.createdAt, userId: user.userId }),
    // Verified people can be found by name.
    ...Users.ops.markVerified(user),
  ]);
  if (result.canceled) throw badRequest(MESSAGES.noCode, "no_code");
  Users.directoryChanged();
  const [session, device] = await Promise.all([Sessions.create(user.userId), Devices.remember(user.userId)]);
  return { alreadyVerified: false as const, user: { ...user, isVerified: true }, session, device };
}

/** Sends a new code. Answers the same whether or not the address has an unverified account. */
export async function resendCode(email: string, clientAddress: string): Promise<void> {
  const tooMany = (s: number) => `Too many emails requested. Try again in ${RateLimit.minutesText(s)}.`;
  await RateLimit.enforce({ bucket: `resend:addr:${clientAddress}`, ...LIMITS.resendPerAddress }, tooMany);
  await RateLimit.enforce({ bucket: `resend:email:${sha256(email)}`, ...LIMITS.resendPerEmail }, tooMany);
  const user = await Users.byEmail(email);
  if (!user || user.isVerified) return;
  const code = sixDigitCode();
  await VerificationEntity.put(verificationItem(user.userId, code)).go();
  await sendCode(user, code);
}

/**
 * Starts a password reset. The answer never says whether the account exists: the e-mail
 * goes out through the queue, so even the time taken does not tell.
 */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<void> {
  await RateLimit.enforce(
    { bucket: `reset:addr:${clientAddress}`, ...LIMITS.resetPerAddress },
    (s) => `Too many reset requests. Try again in ${RateLimit.minutesText(s)}.`,
  );
  const perEmail = await RateLimit.hit({ bucket: `reset:email:${sha256(email)}`, ...LIMITS.resetPerEmail });
  const user = await Users.byEmail(email);
  if (!user || !perEmail.allowed) return;
  const token = randomToken(32);
  await ResetTokenEntity.create({
    tokenHash: sha256(token),
    userId: user.userId,
    expiresAt: nowSeconds() + RESET_TTL_SECONDS,
  }).go();
  const link = `${Resource.Config.siteUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
  await enqueue(MailQueue, [Email.templates.passwordResetLink(user.email, link, RESET_TTL_SECONDS / 60)]);
}

/**
 * Sets a new password from a reset link; the link works once and every session ends. Answers
 * whose password it was (their open sockets are to be closed too).
 */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<{ userId: string }> {
  const tokenHash = sha256(input.token);
  // Deleting the token first, with a condition, is what makes it single-use.
  const consumed = await ResetTokenEntity.delete({ tokenHash })
    .where((attr, op) => op.exists(attr.userId))
    .go({ response: "all_old" })
    .catch((error: unknown) => {
      if (isConditionFailure(error)) return { data: null };
      throw error;
    });
  const token = consumed.data;
  if (!token || token.expiresAt <= nowSeconds()) throw badRequest(MESSAGES.badResetLink, "reset_link_invalid");
  const passwordHash = await hashPassword(input.newPassword);
  await Users.setPasswordHash(token.userId, passwordHash);
  await Sessions.endAll(token.userId);
  return { userId: token.userId };
}
