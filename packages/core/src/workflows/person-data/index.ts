import type { InterestKindDeclaration, PersonData } from "../../lib/person-data/index.ts";
import * as Agent from "../../modules/agent/index.ts";
import * as AtomFeed from "../../modules/atom-feed/index.ts";
import * as Auth from "../../modules/auth/index.ts";
import * as Billing from "../../modules/billing/index.ts";
import * as Channels from "../../modules/channels/index.ts";
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
import * as Reader from "../../modules/reader/index.ts";
import type { ProfileSection } from "../../modules/profile/rules.ts";
import * as Realtime from "../../modules/realtime/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Spotify from "../../modules/spotify/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Tumble from "../../modules/tumble/index.ts";
import * as Users from "../../modules/users/index.ts";
import * as WatchHistory from "../../modules/watch-history/index.ts";
import * as YouTube from "../../modules/youtube/index.ts";

export type { DeletingAccount, DeletionStep, InterestEntry } from "../../lib/person-data/index.ts";

/**
 * The registry of per-person data: every module that keeps something of a person, each with
 * what it declared in its own `person-data.ts` — its deletion step, its kinds of interest (with
 * how each is built for mutual interests, and the profile section that shows it) and the
 * profile sections it fills. A module that keeps a person's data adds one line here.
 *
 * The order is the order account deletion sweeps them in: sign-in first (nothing signs in while
 * the rest goes), interests after every module that holds interests (their purges mark digests
 * that it removes), names last (a name is never free while the person's data still hangs off it).
 */
export const PERSON_DATA = [
  Auth.personData,
  Realtime.personData,
  Topics.personData,
  Feed.personData,
  Sources.personData,
  Digest.personData,
  Follows.personData,
  Profile.personData,
  Images.personData,
  Chat.personData,
  Billing.personData,
  Google.personData,
  Media.personData,
  Spotify.personData,
  YouTube.personData,
  WatchHistory.personData,
  Mutes.personData,
  Reader.personData,
  Tumble.personData,
  AtomFeed.personData,
  FeedImports.personData,
  Agent.personData,
  Channels.personData,
  Interests.personData,
  Users.personData,
] as const satisfies ReadonlyArray<
  // Every interest and section a module declares is one of the profile's sections.
  PersonData & { interests?: ReadonlyArray<{ section: ProfileSection }>; sections?: Partial<Record<ProfileSection, unknown>> }
>;

type Declared = (typeof PERSON_DATA)[number];

/** Account deletion's steps, in order. */
export const DELETION_STEPS = PERSON_DATA.map((declared) => declared.deletion);

/** A kind of interest some module declared, as its literal name ("topic", "book", …). */
export type InterestKind = Declared extends infer D ? (D extends { interests: ReadonlyArray<{ kind: infer K }> } ? K : never) : never;

/** Every kind of interest, in the registry's order, with its profile section and how it is built. */
export const INTERESTS: ReadonlyArray<InterestKindDeclaration<InterestKind, ProfileSection>> = PERSON_DATA.flatMap(
  (declared): ReadonlyArray<InterestKindDeclaration<InterestKind, ProfileSection>> =>
    "interests" in declared ? declared.interests : [],
);

/** The kinds mutual interests compare: all of them. */
export const INTEREST_KINDS: readonly InterestKind[] = INTERESTS.map((interest) => interest.kind);

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type SectionsOf<D> = D extends { sections: infer S } ? S : never;
/** The profile's list sections and the read that fills each, typed by what each answers. */
export type SectionReads = UnionToIntersection<SectionsOf<Declared>>;

/** Each list section of the public profile and the module's read that fills it. */
export const SECTION_READS = Object.assign(
  {},
  ...PERSON_DATA.map((declared) => ("sections" in declared ? declared.sections : {})),
) as SectionReads;
