import { nowSeconds } from "../../adapters/dynamo/index.ts";
import { randomToken, sha256 } from "../../lib/util/index.ts";
import { DeviceEntity } from "./device.entity.ts";

/** How long a browser stays known to an account after its last successful log-in. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface Device {
  userId: string;
  tokenHash: string;
}

/** Remembers this browser for the account; answers the cookie token (256 bits). */
export async function remember(userId: string): Promise<{ token: string; maxAge: number }> {
  const token = randomToken(32);
  const now = nowSeconds();
  await DeviceEntity.create({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: now + DEVICE_TTL_SECONDS,
  }).go();
  return { token, maxAge: DEVICE_TTL_SECONDS };
}

/** The account a device cookie belongs to, when the cookie is live. */
export async function read(token: string | undefined): Promise<Device | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = sha256(token);
  const { data } = await DeviceEntity.get({ tokenHash }).go();
  return data && data.expiresAt > nowSeconds() ? { userId: data.userId, tokenHash } : undefined;
}

/** A device used again is replaced by a new one, so a copied cookie stops working at the next log-in. */
export async function forget(device: Device): Promise<void> {
  await DeviceEntity.delete({ tokenHash: device.tokenHash }).go();
}
