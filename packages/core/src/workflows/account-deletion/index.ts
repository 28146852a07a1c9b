import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, unauthorized } from "../../lib/errors/index.ts";
import * as Auth from "../../modules/auth/index.ts";
import * as Chat from "../../modules/chat/index.ts";
import * as Google from "../../modules/google/index.ts";
import * as Users from "../../modules/users/index.ts";
import { AccountDeletionEntity } from "./account-deletion.entity.ts";
import { AccountQueue, enqueue } from "../../adapters/queues/index.ts";
import { ACCOUNT_MESSAGES, type AuthProvider, type SignInMethods } from "./rules.ts";
import { DELETION_STEPS, type DeletionStep } from "../person-data/index.ts";
import { log } from "../../lib/observability/index.ts";

export { ACCOUNT_MESSAGES, type AuthProvider, type SignInMethods } from "./rules.ts";
/** The sweep, in order: each module's deletion step, as the registry (workflows/person-data) collects them. */
export { DELETION_STEPS, type DeletionStep, type DeletingAccount } from "../person-data/index.ts";

/** A sweep queued this long ago and still unfinished lost its message: the schedule queues it again. */
export const STALE_DELETION_MS = 10 * 60 * 1000;

/**
 * How the person signs in: `auth_provider` is "email" when the account has a password (it confirms
 * deletion with it) and "google" when it has none (a Google-only account, which confirms by typing
 * its username); `provider` tells password, google or both.
 */
export async function authProvider(userId: string): Promise<{ auth_provider: AuthProvider; provider: SignInMethods }> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  const google = await Google.isLinked(userId);
  if (!user.passwordHash) return { auth_provider: "google", provider: "google" };
  return { auth_provider: "email", provider: google ? "both" : "password" };
}

/**
 * Deletes the signed-in person's account. The password is checked first (limited like log-ins)
 * when the account has one. Then one transaction marks the account deleted — from that write on
 * it cannot sign in and every session of it is refused — takes it out of the people directory
 * and records the deletion; its open sockets are closed; the sweep that removes the rest runs
 * from the account queue.
 */
export async function requestDeletion(
  userId: string,
  input: { password?: string | undefined; username?: string | undefined },
  clientAddress: string,
): Promise<void> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  if (user.passwordHash) {
    if (!input.password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired);
    await Auth.confirmPassword(userId, input.password, clientAddress);
  } else {
    // No password to ask for: typing the username shows it is meant, not a stray click or a
    // forged request from an open session.
    const typed = input.username?.trim().toLowerCase();
    if (!typed) throw badRequest(ACCOUNT_MESSAGES.usernameRequired);
    if (typed !== user.username.toLowerCase()) throw forbidden(ACCOUNT_MESSAGES.usernameWrong);
  }
  const now = Date.now();
  const marked = await transact([
    ...Users.deletionOps.markDeleted(user, now),
    AccountDeletionEntity.create({
      userId,
      username: user.username,
      email: user.email,
      accountCreatedAt: user.createdAt,
      requestedAt: now,
      queuedAt: now,
    }),
  ]);
  // Cancelled: a parallel request marked it first, and queues the sweep itself.
  if (marked.canceled) return;
  Users.directoryChanged();
  // Its open sockets end now, not when the sweep comes (whose "realtime" step closes any left).
  await Chat.closeSockets(userId);
  await enqueue(AccountQueue, [{ kind: "delete", userId }]).catch((error: unknown) => {
    // The account is marked: the person is signed out and cannot sign in. The schedule queues
    // the sweep of a deletion left unqueued, so the answer is still a success.
    log.error("accounts: a sweep not queued; the schedule will queue it", { userId, error });
  });
}

/**
 * Sweeps a deleted account away, step by step (DELETION_STEPS). Each finished step is recorded
 * on the deletion, so a sweep cut short (a crash, a failing write) resumes where it stopped when
 * its message comes again; steps are idempotent, so one cut short inside is simply run again.
 * Answers "nothing" when there is no deletion under way (finished already, or never asked for).
 */
export async function sweep(
  userId: string,
  steps: readonly DeletionStep[] = DELETION_STEPS,
): Promise<"deleted" | "nothing"> {
  const { data: deletion } = await AccountDeletionEntity.get({ userId }).go({ consistent: true });
  if (!deletion) return "nothing";
  const account = {
    userId,
    username: deletion.username,
    email: deletion.email,
    createdAt: deletion.accountCreatedAt,
  };
  const done = new Set(deletion.done);
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await step.run(account);
    await AccountDeletionEntity.patch({ userId })
      .append({ done: [step.name] })
      .go();
    done.add(step.name);
  }
  const finished = await transact([
    ...Users.deletionOps.removeMarked(userId),
    AccountDeletionEntity.delete({ userId }).where((attr, op) => op.exists(attr.requestedAt)),
  ]);
  // Cancelled only when a parallel sweep finished first.
  if (finished.canceled && finished.reasons[1] !== "ConditionalCheckFailed")
    throw new Error(`account ${userId} could not be removed: ${finished.reasons.join(", ")}`);
  return "deleted";
}

/** Where a deletion stands: undefined when none is under way. */
export async function deletionProgress(userId: string): Promise<{ done: string[] } | undefined> {
  const { data } = await AccountDeletionEntity.get({ userId }).go({ consistent: true });
  return data ? { done: data.done } : undefined;
}

/**
 * Queues again the sweep of every deletion queued more than STALE_DELETION_MS ago and still
 * unfinished (its message was lost, or ended in the dead-letter queue). Each is taken with a
 * conditional write, so two runs at once queue it once. Answers how many were queued.
 */
export async function requeueUnfinished(now = Date.now()): Promise<number> {
  const { data } = await AccountDeletionEntity.query.unfinished({ listing: "deletions" }).go({ pages: "all" });
  let queued = 0;
  for (const deletion of data) {
    if (deletion.queuedAt > now - STALE_DELETION_MS) continue;
    const taken = await AccountDeletionEntity.patch({ userId: deletion.userId })
      .set({ queuedAt: now })
      .where((attr, op) => op.eq(attr.queuedAt, deletion.queuedAt))
      .go()
      .then(
        () => true,
        (error: unknown) => {
          if (isConditionFailure(error)) return false;
          throw error;
        },
      );
    if (!taken) continue;
    await enqueue(AccountQueue, [{ kind: "delete", userId: deletion.userId }]);
    queued++;
  }
  return queued;
}
