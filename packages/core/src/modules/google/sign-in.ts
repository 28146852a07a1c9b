import { randomUUID } from "node:crypto";
import { generateCodeVerifier, generateState } from "../../adapters/oauth/index.ts";
import * as Auth from "../auth/index.ts";
import { isConditionFailure, nowSeconds, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, notFound, UnavailableError, VisibleError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import type { User } from "../users/index.ts";
import { randomToken, safeEqual, sha256 } from "../../lib/util/index.ts";
import { GoogleAccountEntity } from "./google-account.entity.ts";
import { GoogleLinkEntity } from "./google-link.entity.ts";
import { LinkingTokenEntity } from "./linking-token.entity.ts";
import * as Provider from "../../adapters/google/index.ts";
import { GOOGLE_MESSAGES, LINKING_TOKEN_TTL_SECONDS, SIGN_IN_TTL_SECONDS } from "./rules.ts";
import { SignInAttemptEntity } from "./sign-in-attempt.entity.ts";
import { usernameFor } from "./username.ts";

/** New-account tries when the derived username was taken between the check and the write. */
const CREATE_ATTEMPTS = 6;

const failed = () => badRequest(GOOGLE_MESSAGES.failed, "google_failed");

function requireConfigured(): Provider.ProviderSettings {
  const s = Provider.settings();
  if (!s.clientId || !s.clientSecret) throw notFound(GOOGLE_MESSAGES.notConfigured, "not_configured");
  return s;
}

const limitPerAddress = (clientAddress: string) =>
  RateLimit.enforce(
    { bucket: `login:addr:${clientAddress}`, ...Auth.LIMITS.loginPerAddress },
    (s) => `Too many login attempts. Try again in ${RateLimit.minutesText(s)}.`,
  );

/**
 * Starts a sign-in: answers where to send the browser and the `state` the browser must keep
 * (an httpOnly cookie) and send back. The PKCE verifier and the nonce stay here.
 */
export async function startSignIn(): Promise<{ url: string; state: string; maxAge: number }> {
  const s = requireConfigured();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const nonce = randomToken(24);
  await SignInAttemptEntity.create({
    stateHash: sha256(state),
    codeVerifier,
    nonce,
    expiresAt: nowSeconds() + SIGN_IN_TTL_SECONDS,
  }).go();
  return { url: Provider.authorizationUrl(s, state, codeVerifier, nonce), state, maxAge: SIGN_IN_TTL_SECONDS };
}

export interface SignedIn {
  user: User;
  session: { token: string; maxAge: number };
  isNewUser: boolean;
}

/**
 * Finishes a sign-in with the code and state Google sent the browser back with. The state must be
 * the one this browser started with (its cookie) and is used once; the code is exchanged with the
 * PKCE verifier and the ID token checked (signature, issuer, audience, expiry, nonce).
 *
 * Then: a linked Google account signs in to its account; an unlinked one whose e-mail Google has
 * verified gets a new account, or — when that e-mail has an account already — a 409 with a
 * linking token; an unverified e-mail is never matched to an account nor used for a new one.
 */
export async function finishSignIn(
  input: { code: string; state: string; browserState: string | undefined },
  clientAddress: string,
): Promise<SignedIn> {
  const s = requireConfigured();
  await limitPerAddress(clientAddress);
  if (!input.browserState || !safeEqual(input.browserState, input.state)) throw failed();
  const attempt = await SignInAttemptEntity.delete({ stateHash: sha256(input.state) })
    .where((attr, op) => op.exists(attr.nonce))
    .go({ response: "all_old" })
    .then(
      (result) => result.data,
      (error: unknown) => {
        if (isConditionFailure(error)) return null;
        throw error;
      },
    );
  if (!attempt || attempt.expiresAt <= nowSeconds()) throw failed();

  let idToken: string;
  try {
    idToken = await Provider.exchangeCode(s, input.code, attempt.codeVerifier);
  } catch (error) {
    // Google refusing the code (used already, wrong, expired) is the person's to retry; Google
    // unreachable is an outage.
    if (error instanceof Error && error.name === "ArcticFetchError") throw new UnavailableError();
    throw failed();
  }
  let identity: Provider.GoogleIdentity;
  try {
    identity = await Provider.verifyIdToken(s, idToken, attempt.nonce);
  } catch {
    throw failed();
  }
  return signInAs(identity);
}

async function signInAs(identity: Provider.GoogleIdentity): Promise<SignedIn> {
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const linked = await linkedAccount(identity.subject);
    if (linked) return sessionFor(linked, !linked.hasOnboarded);
    if (!identity.emailVerified) throw forbidden(GOOGLE_MESSAGES.emailUnverified, "google_email_unverified");

    const existing = await Users.byEmail(identity.email);
    if (existing) {
      // The account may be this Google account's own, made by a parallel sign-in since the read above.
      const linkedNow = await linkedAccount(identity.subject);
      if (linkedNow) return sessionFor(linkedNow, !linkedNow.hasOnboarded);
      return offerLink(existing, identity);
    }

    const userId = randomUUID();
    const username = usernameFor(identity.email, identity.name, attempt);
    if (!(await Users.isUsernameAvailable(username))) continue;
    const result = await transact([
      ...Users.ops.createVerified({ userId, username, email: identity.email, createdAt: Date.now() }),
      ...linkOps(identity, userId),
    ]);
    if (!result.canceled) {
      Users.directoryChanged();
      const user = await Users.byId(userId);
      if (!user) throw new Error(`account ${userId} not readable after it was created`);
      return sessionFor(user, true);
    }
    // Someone took the name, the e-mail or this Google account meanwhile: look again.
  }
  throw new UnavailableError();
}

/** The account a Google account signs in to, if it is linked (and the account is not being deleted). */
async function linkedAccount(subject: string): Promise<User | undefined> {
  const { data } = await GoogleLinkEntity.get({ subject }).go({ consistent: true });
  if (!data) return undefined;
  const user = await Users.byId(data.userId);
  // Linked to an account being deleted: the sweep removes the link; until then it signs nobody in.
  if (!user) throw failed();
  return user;
}

async function sessionFor(user: User, isNewUser: boolean): Promise<SignedIn> {
  const session = await Auth.Sessions.create(user.userId);
  return { user, session, isNewUser };
}

/** A 409 offering to link: the linking token is for this account and this Google account only. */
async function offerLink(user: User, identity: Provider.GoogleIdentity): Promise<never> {
  // An account that never verified its e-mail signs in by verifying it, as a password log-in says.
  if (!user.isVerified)
    throw forbidden(Auth.MESSAGES.verifyEmail, "email_unverified", { userId: user.userId, email: user.email });
  const linkingToken = randomToken(32);
  await LinkingTokenEntity.create({
    tokenHash: sha256(linkingToken),
    userId: user.userId,
    subject: identity.subject,
    email: identity.email,
    expiresAt: nowSeconds() + LINKING_TOKEN_TTL_SECONDS,
  }).go();
  throw new VisibleError(409, "google_link_required", GOOGLE_MESSAGES.linkRequired, {
    message: GOOGLE_MESSAGES.linkRequired,
    email: user.email,
    linkingToken,
  });
}

function linkOps(identity: Pick<Provider.GoogleIdentity, "subject" | "email">, userId: string) {
  return [
    GoogleLinkEntity.create({ subject: identity.subject, userId, email: identity.email, linkedAt: Date.now() }),
    GoogleAccountEntity.create({ userId, subject: identity.subject }),
  ];
}

/**
 * Links the Google account of a linking token to its account, once the account's password is
 * confirmed (counted like log-ins), and signs in. The token is taken first, with a condition,
 * so it works once whatever the outcome: a wrong password means signing in with Google again.
 */
export async function linkAccount(
  input: { password: string; linkingToken: string },
  clientAddress: string,
): Promise<SignedIn> {
  requireConfigured();
  await limitPerAddress(clientAddress);
  const token = await LinkingTokenEntity.delete({ tokenHash: sha256(input.linkingToken) })
    .where((attr, op) => op.exists(attr.userId))
    .go({ response: "all_old" })
    .then(
      (result) => result.data,
      (error: unknown) => {
        if (isConditionFailure(error)) return null;
        throw error;
      },
    );
  if (!token || token.expiresAt <= nowSeconds())
    throw badRequest(GOOGLE_MESSAGES.linkingTokenInvalid, "linking_token_invalid");
  await Auth.confirmPassword(token.userId, input.password, clientAddress);
  const user = await Users.byId(token.userId);
  if (!user) throw badRequest(GOOGLE_MESSAGES.linkingTokenInvalid, "linking_token_invalid");

  const result = await transact(linkOps(token, user.userId));
  if (result.canceled) {
    // Linked by a parallel request of the same offer's twin: that is this link, done.
    const linked = await GoogleLinkEntity.get({ subject: token.subject }).go({ consistent: true });
    if (linked.data?.userId !== user.userId)
      throw new VisibleError(409, "google_already_linked", GOOGLE_MESSAGES.alreadyLinked);
  }
  return sessionFor(user, !user.hasOnboarded);
}

/** Whether the person can sign in with Google. */
export async function isLinked(userId: string): Promise<boolean> {
  const { data } = await GoogleAccountEntity.get({ userId }).go();
  return data !== null;
}
