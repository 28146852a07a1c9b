import { jwtVerify, SignJWT } from "jose";
import { Resource } from "sst";

/** A socket token is used at once (to open the socket), so it lives minutes. */
export const TOKEN_LIFETIME_SECONDS = 5 * 60;
const ALGORITHM = "HS256";

const key = () => new TextEncoder().encode(Resource.RealtimeTokenKey.value);

/**
 * A short-lived token naming the person, for clients that cannot send the session cookie on
 * the socket's upgrade (`/ws?token=`). Signed with the stage's secret; nothing is stored.
 */
export async function signToken(userId: string, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const issuedAt = Math.floor(now / 1000);
  const expires = issuedAt + TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(key());
  return { token, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The person a token names, or undefined when it is malformed, forged or expired. */
export async function verifyToken(token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALGORITHM] });
    return typeof payload.sub === "string" && payload.sub.length > 0 ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
