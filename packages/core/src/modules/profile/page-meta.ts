import { isReservedPath } from "../users/rules.ts";
import { profileMeta } from "./public.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The name a path like `/alice` or `/profile/alice` names, if it could be a profile. */
export function profileNameOf(path: string): string | undefined {
  const match = /^\/(?:profile\/)?([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  const name = match?.[1];
  if (!name || isReservedPath(name)) return undefined;
  return name;
}

/**
 * The web app's index.html with the page's `<title>` and Open Graph tags for a profile, so a
 * shared link previews with the person's name (crawlers run no script). Undefined when the
 * path names no profile: the page is then served as built.
 */
export async function profileIndexHtml(path: string, html: string, siteUrl: string): Promise<string | undefined> {
  const name = profileNameOf(path);
  if (!name) return undefined;
  const meta = await profileMeta(name);
  if (!meta) return undefined;
  const title = escapeHtml(`${meta.username} on graph`);
  const site = siteUrl.replace(/\/+$/, "");
  const url = escapeHtml(`${site}/${meta.username}`);
  // Previews need an absolute address; photos are served from the site's own /media path.
  const image = meta.imageUrl && (meta.imageUrl.startsWith("/") ? `${site}${meta.imageUrl}` : meta.imageUrl);
  const description = escapeHtml(`${meta.username}'s public graph: topics, articles, thoughts and more.`);
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="graph" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="profile:username" content="${escapeHtml(meta.username)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
  ].join("\n    ");
  // A function, so no `$` in the text is read as a replacement pattern.
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>\n    ${tags}`);
}
