import { deleteKeys, Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import type { ChannelKind } from "./rules.ts";

/**
 * `/graph share <link>` (org): an article added to the team's feed. "The team" of a workspace or
 * server is the graph people who linked it; its feed is a list per workspace, newest first, kept to
 * TEAM_SHARES_KEPT, posted to the team's channels there and shown on each one's feed tab.
 */
export const TeamShareEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "teamShare", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["slack", "discord"] as const, required: true, readOnly: true },
      workspaceId: { type: "string", required: true, readOnly: true },
      shareId: { type: "string", required: true, readOnly: true },
      sharedAt: { type: "number", required: true, readOnly: true },
      title: { type: "string", required: true },
      link: { type: "string", required: true },
      /** Who shared it, as the service names them. */
      by: { type: "string", required: true },
    },
    indexes: {
      byWorkspace: {
        pk: { field: "pk", composite: ["kind", "workspaceId"] },
        sk: { field: "sk", composite: ["sharedAt", "shareId"] },
      },
    },
  },
  entityConfig(),
);

export interface TeamShareView {
  title: string;
  link: string;
  by: string;
  sharedAt: string;
}

/** The newest shares of each workspace named (for the feed tab's rows). */
export async function recentShares(
  workspaces: Array<{ kind: ChannelKind; workspaceId: string }>,
  count: number,
): Promise<Map<string, TeamShareView[]>> {
  const found = await Promise.all(
    workspaces.map(async (w) => {
      const { data } = await TeamShareEntity.query.byWorkspace(w).go({ order: "desc", limit: count });
      return [
        `${w.kind}:${w.workspaceId}`,
        data.map((s) => ({ title: s.title, link: s.link, by: s.by, sharedAt: new Date(s.sharedAt).toISOString() })),
      ] as const;
    }),
  );
  return new Map(found);
}

/** Removes a workspace's shares once nobody of graph links it any more (its team is gone). */
export async function forgetWorkspace(kind: ChannelKind, workspaceId: string): Promise<void> {
  const { data } = await TeamShareEntity.query
    .byWorkspace({ kind, workspaceId })
    .go({ pages: "all", attributes: ["kind", "workspaceId", "sharedAt", "shareId"] });
  await deleteKeys(TeamShareEntity, data);
}
