import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { guardedFetch } from "../../adapters/http/index.ts";
import { planIncludes } from "../../lib/plans/index.ts";
import { randomToken } from "../../lib/util/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import { ChannelEntity } from "./channel.entity.ts";
import { postTo } from "./deliver.ts";
import { TeamShareEntity } from "./team-shares.ts";
import { CHANNEL_MESSAGES, TEAM_SHARES_KEPT, TEAM_SHARES_PER_HOUR, type ChannelKind } from "./rules.ts";

const shareLimit = (kind: ChannelKind, workspaceId: string) => ({
  bucket: `team-shares:${kind}:${workspaceId}`,
  max: TEAM_SHARES_PER_HOUR,
  windowSeconds: 3600,
});

/** An http(s) address of at most 2000 characters, or undefined. */
function linkOf(words: string): URL | undefined {
  const text = words.trim().replace(/^<(.*?)(\|.*)?>$/, "$1");
  if (!text || text.length > 2000) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };
/** A page's `<title>` (or `og:title`), its whitespace folded; undefined without one. */
function titleOf(html: string): string | undefined {
  const raw =
    /<meta[^>]+property=["']og:title["'][^>]*content=["']([^"']{1,500})["']/i.exec(html)?.[1] ??
    /<title[^>]*>([^<]{1,500})<\/title>/i.exec(html)?.[1];
  const title = raw
    ?.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return title ? title.slice(0, 300) : undefined;
}

/**
 * Shares a link with the workspace's team, for the person answering there (org, else told): the
 * link checked (http/https), the workspace's hourly rate taken (one conditional write), its page
 * fetched through the address guard for its title, the share kept, and posted to every ok channel
 * of the team there ("<person> shared <title>"). Answers what the command's sender is told.
 */
export async function share(input: {
  kind: ChannelKind;
  workspaceId: string;
  userId: string;
  by: string | undefined;
  words: string;
  /** Whether private addresses may be fetched (a local runtime's own test pages). */
  allowPrivate: boolean;
}): Promise<{ text: string }> {
  const user = await Users.byId(input.userId);
  if (!user || !planIncludes(user.plan, "teamBot")) return { text: CHANNEL_MESSAGES.shareNeedsOrg };
  const link = linkOf(input.words);
  if (!link) return { text: CHANNEL_MESSAGES.shareBadLink };
  const rate = await RateLimit.takeFixedWindow(shareLimit(input.kind, input.workspaceId));
  if (!rate.allowed) return { text: CHANNEL_MESSAGES.tooManyShares(RateLimit.minutesText(rate.retryAfter)) };
  const page = await guardedFetch(link.toString(), {
    allowPrivate: input.allowPrivate,
    accept: "text/html,application/xhtml+xml",
    totalTimeoutMs: 10_000,
  });
  if (page.kind !== "ok") {
    await RateLimit.giveBackFixedWindow(shareLimit(input.kind, input.workspaceId), rate.windowStart);
    return { text: CHANNEL_MESSAGES.shareUnreachable };
  }
  const title = titleOf(page.body) ?? link.hostname;
  const by = (input.by ?? "").trim().slice(0, 80) || "someone";
  const sharedAt = Date.now();
  await TeamShareEntity.create({
    kind: input.kind,
    workspaceId: input.workspaceId,
    shareId: randomToken(8),
    sharedAt,
    title,
    link: link.toString(),
    by,
  }).go();
  await trim(input.kind, input.workspaceId);
  const { data: channels } = await ChannelEntity.query
    .byWorkspace({ kind: input.kind, workspaceId: input.workspaceId })
    .go({ pages: "all" });
  const team = await Promise.all(channels.map(async (c) => ({ c, user: await Users.byId(c.userId) })));
  for (const { c } of team.filter((t) => t.c.status === "ok" && t.user && planIncludes(t.user.plan, "teamBot")))
    await postTo(c, { text: CHANNEL_MESSAGES.shared(by, title, link.toString()) });
  return { text: CHANNEL_MESSAGES.shareDone(title) };
}

/** Keeps the workspace's newest TEAM_SHARES_KEPT shares. */
async function trim(kind: ChannelKind, workspaceId: string): Promise<void> {
  const { data } = await TeamShareEntity.query
    .byWorkspace({ kind, workspaceId })
    .go({ pages: "all", order: "desc", attributes: ["kind", "workspaceId", "sharedAt", "shareId"] });
  await deleteKeys(TeamShareEntity, data.slice(TEAM_SHARES_KEPT));
}
