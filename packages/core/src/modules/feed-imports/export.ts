import * as Feed from "../feed/index.ts";
import * as Sources from "../sources/index.ts";
import { writeOpml, type OpmlOutline } from "../../lib/syndication/index.ts";
import { OPML_EXPORT } from "./rules.ts";

/**
 * The sources that feed a person, as an OPML 2.0 file another reader imports: the ones they
 * suggested or imported (under the category they were imported with) and the ones whose
 * articles reached their feed in the last `OPML_EXPORT.windowDays` days, each once, with its
 * feed and site addresses. A source the person silenced feeds them no more, and is left out.
 */
export async function exportOpml(userId: string, now = Date.now()): Promise<string> {
  const [suggested, fed, silenced] = await Promise.all([
    Sources.suggestedBy(userId),
    Feed.sourcesThatFed(userId, now - OPML_EXPORT.windowDays * 24 * 60 * 60 * 1000),
    Feed.Silenced.ids(userId),
  ]);
  const categoryOf = new Map(suggested.map((s) => [s.sourceId, s.category]));
  const ids = [...new Set([...suggested.map((s) => s.sourceId), ...fed])].filter((id) => !silenced.has(id));
  const sources = new Map((await Sources.byIds(ids)).map((s) => [s.sourceId, s]));
  const outlines: OpmlOutline[] = [];
  for (const id of ids) {
    const source = sources.get(id);
    if (!source) continue;
    const category = categoryOf.get(id);
    outlines.push({
      title: source.name,
      xmlUrl: source.feedUrl,
      ...(source.siteUrl ? { htmlUrl: source.siteUrl } : {}),
      ...(category ? { category } : {}),
    });
  }
  return writeOpml({ title: "graph: the feeds that feed you", dateCreated: new Date(now) }, outlines);
}
