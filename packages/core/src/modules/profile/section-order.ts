import { badRequest } from "../../lib/errors/index.ts";
import { DEFAULT_SECTION_ORDER, normaliseSectionOrder, PROFILE_MESSAGES, PROFILE_SECTIONS } from "./rules.ts";
import type { ProfileSection, SectionOrderItem } from "./rules.ts";
import { SectionOrderEntity } from "./section-order.entity.ts";

/** The person's section order: saved, or the default (all visible but websites). */
export async function readSectionOrder(userId: string): Promise<SectionOrderItem[]> {
  const { data } = await SectionOrderEntity.get({ userId }).go();
  return data ? normaliseSectionOrder(data.sections) : DEFAULT_SECTION_ORDER.map((s) => ({ ...s }));
}

/** Saves a new order (one item: the last save wins whole). Sections left out keep their defaults, after the rest. */
export async function saveSectionOrder(
  userId: string,
  sections: Array<{ id: string; order: number; visible: boolean }>,
): Promise<SectionOrderItem[]> {
  const known = new Set<string>(PROFILE_SECTIONS);
  if (sections.some((s) => !known.has(s.id))) throw badRequest(PROFILE_MESSAGES.unknownSection);
  const next = normaliseSectionOrder(sections);
  await SectionOrderEntity.put({ userId, sections: next, updatedAt: Date.now() }).go();
  return next;
}

/**
 * Whether `viewerId` (undefined when signed out) may see `ownerId`'s `section`: the owner always,
 * anyone else only while the owner shows it.
 */
async function isShownTo(ownerId: string, section: ProfileSection, viewerId: string | undefined) {
  return (await sectionsShownTo(ownerId, viewerId)).has(section);
}

/**
 * The sections of `ownerId` that `viewerId` (undefined when signed out) may see: all of them for
 * the owner, the shown ones for anyone else. One read, for a caller that needs several sections.
 */
export async function sectionsShownTo(ownerId: string, viewerId: string | undefined): Promise<Set<ProfileSection>> {
  if (viewerId === ownerId) return new Set(PROFILE_SECTIONS);
  return new Set((await readSectionOrder(ownerId)).flatMap((s) => (s.visible ? [s.id] : [])));
}

/**
 * A section's items as `viewerId` may see them: empty (as on the public page) while the owner
 * hides it. The visibility and the items are read side by side.
 */
export async function readSection<T>(
  ownerId: string,
  section: ProfileSection,
  viewerId: string | undefined,
  read: (ownerId: string) => Promise<T[]>,
): Promise<T[]> {
  const [shown, items] = await Promise.all([isShownTo(ownerId, section, viewerId), read(ownerId)]);
  return shown ? items : [];
}
