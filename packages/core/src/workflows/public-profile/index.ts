import { notFound } from "../../lib/errors/index.ts";
import * as Images from "../../modules/images/index.ts";
import * as Profile from "../../modules/profile/index.ts";
import type { ProfileSection } from "../../modules/profile/rules.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Users from "../../modules/users/index.ts";
import { SECTION_READS, type SectionReads } from "../person-data/index.ts";

/** Items of a list section the public page gets: enough to swap shown items for unseen ones. */
const LIST_READ = 50;

export interface ProfileImage {
  id: string;
  url: string;
  is_primary: boolean;
}

type ListSection = keyof SectionReads;
/** Each list section as the page gets it: what its module's read answers. */
type ListSections = { [S in ListSection]: Awaited<ReturnType<SectionReads[S]>> };
const LIST_SECTIONS = Object.keys(SECTION_READS) as ListSection[];

/**
 * Everything the public page at /{username} draws, in one read: the reads run side by side,
 * each list section read by the module that declared it (workflows/person-data). Only what the
 * owner shows publicly: never their e-mail, digest settings, seen marks, silenced or suggested
 * sources; hidden sections come back empty. An unknown or unverified name is not found. An old
 * name still reserved for its owner finds them (the answer carries the current name, so the
 * page can move to it).
 */
export async function publicProfile(username: string) {
  const user = await Users.byUsername(username);
  if (!user) throw notFound("No such profile.");
  const userId = user.userId;
  const read = (section: ListSection) =>
    (SECTION_READS[section] as (userId: string, limit: number) => Promise<unknown[]>)(userId, LIST_READ);
  const [sectionOrder, contacts, aims, count, images, lists] = await Promise.all([
    Profile.readSectionOrder(userId),
    Profile.readContacts(userId),
    Topics.listAims(userId),
    Profile.nodeCount(userId),
    Images.listImages(userId),
    Promise.all(LIST_SECTIONS.map(read)),
  ]);
  const visible = new Set<ProfileSection>(sectionOrder.filter((s) => s.visible).map((s) => s.id));
  const sections = Object.fromEntries(
    LIST_SECTIONS.map((section, i) => [section, visible.has(section) ? lists[i]! : []]),
  ) as ListSections;
  const contact = contacts[0] ?? { about: "", socials: "" };
  return {
    userId,
    username: user.username,
    // The node count counts the articles section: hidden with it.
    likeCount: visible.has("articles") ? count.likeCount : null,
    sectionOrder,
    aboutMe: visible.has("aboutMe") ? { about: contact.about, socials: contact.socials, aims } : null,
    ...sections,
    // Photos are not a section: the grid shows whenever there are any.
    images: images.map((i): ProfileImage => ({ id: i.id, url: i.url, is_primary: i.is_primary })),
  };
}

export type PublicProfile = Awaited<ReturnType<typeof publicProfile>>;
