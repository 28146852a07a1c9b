import { jwtVerify, SignJWT } from "jose";
import { Resource } from "sst";
import * as z from "zod";

/** A socket token is used at once (to open the socket), so it lives minutes. */
export const TOKEN_LIFETIME_SECONDS = 5 * 60;
const ALGORITHM = "HS256";

/** What a token says: the person (`sub`) and the key of the session that asked for it (`sid`). */
const Claims = z.object({ sub: z.string().min(1), sid: z.string().min(1) });

const key = () => new TextEncoder().encode(Resource.RealtimeTokenKey.value);

/**
 * A short-lived token naming the person and the session that asked for it, for clients that
 * cannot send the session cookie on the socket's upgrade (`/ws?token=`). Signed with the stage's
 * secret; nothing is stored. It opens a socket only while that session lasts (`$connect` checks).
 */
export async function signToken(
  userId: string,
  sessionHash: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const issuedAt = Math.floor(now / 1000);
  const expires = issuedAt + TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({ sid: sessionHash })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(key());
  return { token, expiresAt: new Date(expires * 1000).toISOString() };
}

/**
 * The person a token names and the session it came from, or undefined when it is malformed,
 * forged or expired, or names no session. Whether that session still lasts is the caller's check.
 */
export async function verifyToken(token: string): Promise<{ userId: string; sessionHash: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALGORITHM] });
    const claims = Claims.safeParse(payload);
    return claims.success ? { userId: claims.data.sub, sessionHash: claims.data.sid } : undefined;
  } catch {
    return undefined;
  }
}
