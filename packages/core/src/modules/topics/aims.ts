import { randomUUID } from "node:crypto";
import { badRequest } from "../../lib/errors/index.ts";
import { AimsEntity } from "./aims.entity.ts";
import { AIM_LIMITS, MESSAGES } from "./rules.ts";

export interface AimView {
  id: string;
  content: string;
}

export async function listAims(userId: string): Promise<AimView[]> {
  const { data } = await AimsEntity.get({ userId }).go();
  return data?.aims ?? [];
}

/**
 * Replaces a person's aims with `aims` (empty ones dropped, ids of kept aims kept). The list is
 * one item, so a replacement is one write and parallel saves leave one of them, never a mix.
 */
export async function replaceAims(userId: string, aims: Array<{ id?: string; content: string }>): Promise<AimView[]> {
  const kept = aims.map((a) => ({ ...a, content: a.content.trim() })).filter((a) => a.content.length > 0);
  if (kept.length > AIM_LIMITS.maxAims) throw badRequest(MESSAGES.tooManyAims, "limit_reached");
  if (kept.some((a) => a.content.length > AIM_LIMITS.maxLength)) throw badRequest(MESSAGES.aimTooLong);
  const currentIds = new Set((await listAims(userId)).map((a) => a.id));
  const used = new Set<string>();
  const next = kept.map((a) => {
    const id = a.id && currentIds.has(a.id) && !used.has(a.id) ? a.id : randomUUID();
    used.add(id);
    return { id, content: a.content };
  });
  await AimsEntity.put({ userId, aims: next, updatedAt: Date.now() }).go();
  return next;
}
