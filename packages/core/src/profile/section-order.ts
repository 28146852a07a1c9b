import { badRequest } from "../errors.ts";
import { DEFAULT_SECTION_ORDER, normaliseSectionOrder, PROFILE_MESSAGES, PROFILE_SECTIONS } from "./rules.ts";
import type { SectionOrderItem } from "./rules.ts";
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
