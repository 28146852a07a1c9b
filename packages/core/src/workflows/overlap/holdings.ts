import * as Interests from "../../modules/interests/index.ts";
import type { ProfileSection } from "../../modules/profile/rules.ts";
import { INTEREST_KINDS, INTERESTS, type InterestKind } from "../person-data/index.ts";

type Entry = Interests.DigestEntry;

/** Each kind of interest and the profile section that shows it (a hidden section is not compared). */
export const SECTION_OF = Object.fromEntries(INTERESTS.map((i) => [i.kind, i.section])) as Record<
  InterestKind,
  ProfileSection
>;

/**
 * How each kind's digest is built from the module that keeps it (its `person-data.ts`): the
 * person's items (all of them, ids and labels only) and how many people hold each.
 */
const BUILDERS = Object.fromEntries(INTERESTS.map((i) => [i.kind, i.build])) as Record<
  InterestKind,
  (userId: string) => Promise<Entry[]>
>;

/** The kinds compared: every kind the registry lists. */
export const COMPARED_KINDS = INTEREST_KINDS;

/**
 * The digests of `userIds` for `kinds`, in one read; a digest that is missing, marked changed or
 * over a day old is built from its module and stored (unless it changed again meanwhile).
 */
export async function digestsOf(
  wanted: Array<{ userId: string; kinds: readonly InterestKind[] }>,
): Promise<Map<string, Map<InterestKind, Entry[]>>> {
  // Only the kinds asked for come back.
  const all = (await Interests.readDigests(
    wanted.map((w) => w.userId),
    COMPARED_KINDS,
  )) as Array<Interests.Digest & { kind: InterestKind }>;
  const kindsOf = new Map(wanted.map((w) => [w.userId, new Set(w.kinds)]));
  const out = new Map(wanted.map((w) => [w.userId, new Map<InterestKind, Entry[]>()]));
  await Promise.all(
    all
      .filter((d) => kindsOf.get(d.userId)?.has(d.kind))
      .map(async (digest) => {
        if (digest.fresh) {
          out.get(digest.userId)!.set(digest.kind, digest.entries);
          return;
        }
        const entries = await BUILDERS[digest.kind](digest.userId);
        await Interests.storeDigest(digest.userId, digest.kind, digest.version, entries);
        out.get(digest.userId)!.set(digest.kind, entries);
      }),
  );
  return out;
}
