import { UniqueEntity } from "./unique.entity.ts";
import { UserEntity, type User } from "./user.entity.ts";

export type { User, Plan } from "./user.entity.ts";

export async function byId(userId: string): Promise<User | undefined> {
  const { data } = await UserEntity.get({ userId }).go();
  return data ?? undefined;
}

/** Finds an account by username or e-mail, case-insensitively. */
export async function byIdentifier(identifier: string): Promise<User | undefined> {
  const value = identifier.trim().toLowerCase();
  const kind = value.includes("@") ? "email" : "username";
  const { data } = await UniqueEntity.get({ kind, value }).go();
  return data ? byId(data.userId) : undefined;
}

export async function byEmail(email: string): Promise<User | undefined> {
  const { data } = await UniqueEntity.get({ kind: "email", value: email.trim().toLowerCase() }).go();
  return data ? byId(data.userId) : undefined;
}

/** What the rest of the product may know about an account (never the password hash). */
export function publicView(user: User) {
  return {
    userId: user.userId,
    username: user.username,
    email: user.email,
    isVerified: user.isVerified,
    plan: user.plan,
    isNewUser: !user.hasOnboarded,
  };
}

export async function setHasOnboarded(userId: string): Promise<void> {
  await UserEntity.patch({ userId }).set({ hasOnboarded: true }).go();
}
