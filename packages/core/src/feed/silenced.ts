import { notFound } from "../errors.ts";
import { SourceEntity } from "../sources/source.entity.ts";
import { SilencedSourceEntity } from "./feed.entities.ts";
import * as FeedState from "./state.ts";

export async function ids(userId: string): Promise<Set<string>> {
  const { data } = await SilencedSourceEntity.query.byUser({ userId }).go({ pages: "all" });
  return new Set(data.map((s) => s.sourceId));
}

export async function list(userId: string) {
  const silenced = [...(await ids(userId))];
  if (silenced.length === 0) return [];
  const { data } = await SourceEntity.get(silenced.map((sourceId) => ({ sourceId }))).go();
  const names = new Map(data.map((s) => [s.sourceId, s.name]));
  return silenced.map((sourceId) => ({ sourceId, id: sourceId, name: names.get(sourceId) ?? sourceId }));
}

/** Silences a source: its articles leave the person's feed from the next refresh on. */
export async function add(userId: string, sourceId: string): Promise<void> {
  const { data: source } = await SourceEntity.get({ sourceId }).go();
  if (!source) throw notFound("No such source.");
  await SilencedSourceEntity.put({ userId, sourceId, createdAt: Date.now() }).go();
  await FeedState.markStale(userId);
}

export async function remove(userId: string, sourceId: string): Promise<void> {
  await SilencedSourceEntity.delete({ userId, sourceId }).go();
  await FeedState.markStale(userId);
}
