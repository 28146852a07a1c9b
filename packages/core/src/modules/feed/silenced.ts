import { notFound } from "../../lib/errors/index.ts";
import * as Sources from "../sources/index.ts";
import { SilencedSourceEntity } from "./silenced-source.entity.ts";
import * as FeedState from "./state.ts";

export async function ids(userId: string): Promise<Set<string>> {
  const { data } = await SilencedSourceEntity.query.byUser({ userId }).go({ pages: "all" });
  return new Set(data.map((s) => s.sourceId));
}

export async function list(userId: string) {
  const silenced = [...(await ids(userId))];
  if (silenced.length === 0) return [];
  const names = new Map((await Sources.byIds(silenced)).map((s) => [s.sourceId, s.name]));
  return silenced.map((sourceId) => ({ sourceId, id: sourceId, name: names.get(sourceId) ?? sourceId }));
}

/** Silences a source: its articles leave the person's feed from the next refresh on. */
export async function add(userId: string, sourceId: string): Promise<void> {
  if (!(await Sources.get(sourceId))) throw notFound("No such source.");
  await SilencedSourceEntity.put({ userId, sourceId, createdAt: Date.now() }).go();
  await FeedState.markStale(userId);
}

export async function remove(userId: string, sourceId: string): Promise<void> {
  await SilencedSourceEntity.delete({ userId, sourceId }).go();
  await FeedState.markStale(userId);
}
