import * as AtomFeed from "../../modules/atom-feed/index.ts";
import * as Auth from "../../modules/auth/index.ts";
import * as Billing from "../../modules/billing/index.ts";
import * as Chat from "../../modules/chat/index.ts";
import * as Digest from "../../modules/digest/index.ts";
import * as Feed from "../../modules/feed/index.ts";
import * as FeedImports from "../../modules/feed-imports/index.ts";
import * as Follows from "../../modules/follows/index.ts";
import * as Google from "../../modules/google/index.ts";
import * as Images from "../../modules/images/index.ts";
import * as Interests from "../../modules/interests/index.ts";
import * as Media from "../../modules/media/index.ts";
import * as Mutes from "../../modules/mutes/index.ts";
import * as Profile from "../../modules/profile/index.ts";
import * as Realtime from "../../modules/realtime/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Spotify from "../../modules/spotify/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Users from "../../modules/users/index.ts";
import * as WatchHistory from "../../modules/watch-history/index.ts";
import * as YouTube from "../../modules/youtube/index.ts";

/** What a step knows of the account it sweeps away (the account item itself may be unreadable). */
export interface DeletingAccount {
  userId: string;
  username: string;
  email: string;
  /** When the account was created. */
  createdAt: number;
}

/**
 * One module's part of deleting an account: it removes that module's items of the person, and
 * only those, through the module's own `index.ts`. It must be idempotent — it may be cut short
 * at any point and run again, and it may run again after it finished — so it reads what is
 * left and deletes that, with conditions wherever a shared count changes with it.
 */
export interface DeletionStep {
  /** Recorded on the deletion when the step is done; never rename one (running deletions know it by name). */
  name: string;
  run(account: DeletingAccount): Promise<void>;
}

/**
 * The sweep, in order. The account is already marked deleted (it cannot sign in, its sessions
 * are refused) before the first step runs; after the last, the account item and the deletion
 * record go together. A module that keeps a person's items adds its step here, before "names"
 * (which frees the username and e-mail for anyone: last, so a name is never free while the
 * person's data still hangs off it).
 */
export const DELETION_STEPS: readonly DeletionStep[] = [
  { name: "sign-in", run: (a) => Auth.purgeAccount({ userId: a.userId, createdAt: a.createdAt }) },
  { name: "realtime", run: (a) => Realtime.closeAllOf(a.userId) },
  { name: "topics", run: (a) => Topics.purgeAccount(a.userId) },
  { name: "feed", run: (a) => Feed.purgeAccount(a.userId) },
  { name: "sources", run: (a) => Sources.purgeAccount(a.userId) },
  { name: "digest", run: (a) => Digest.purgeAccount(a.userId) },
  { name: "follows", run: (a) => Follows.purgeAccount(a.userId) },
  { name: "profile", run: (a) => Profile.purgeAccount(a.userId) },
  { name: "images", run: (a) => Images.purgeAccount(a.userId) },
  { name: "chat", run: (a) => Chat.purgeAccount(a.userId) },
  { name: "billing", run: (a) => Billing.purgeAccount(a.userId) },
  { name: "google", run: (a) => Google.purgeAccount(a.userId) },
  { name: "media", run: (a) => Media.purgeAccount(a.userId) },
  { name: "spotify", run: (a) => Spotify.purgeAccount(a.userId) },
  { name: "youtube", run: (a) => YouTube.purgeAccount(a.userId) },
  { name: "watch-history", run: (a) => WatchHistory.purgeAccount(a.userId) },
  { name: "mutes", run: (a) => Mutes.purgeAccount(a.userId) },
  { name: "atom-feed", run: (a) => AtomFeed.purgeAccount(a.userId) },
  { name: "feed-imports", run: (a) => FeedImports.purgeAccount(a.userId) },
  // After every module that holds interests: their purges mark digests that this removes.
  { name: "interests", run: (a) => Interests.purgeAccount(a.userId) },
  { name: "names", run: (a) => Users.purgeNames(a) },
];
