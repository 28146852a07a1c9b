import { profileMeta } from "./public.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * The image every preview without a photo shows: the graph picture made for previews (1200×630,
 * web/public/og-image.png), served by the site itself.
 */
export const PREVIEW_IMAGE = { path: "/og-image.png", width: 1200, height: 630, alt: "graph" } as const;

/**
 * The web app's index.html with the page's `<title>` and Open Graph and Twitter card tags for the
 * profile `name`, so a shared link previews with the person's name and picture (crawlers run no
 * script). Undefined when the name is no profile (unknown, unverified or deleted): the page is
 * then served as built, naming nobody.
 *
 * Only the name and the photo are used: photos are no section, so nothing a person hides on
 * their public page can reach a preview.
 */
export async function profileIndexHtml(name: string, html: string, siteUrl: string): Promise<string | undefined> {
  const meta = await profileMeta(name);
  if (!meta) return undefined;
  const title = escapeHtml(`${meta.username} on graph`);
  const site = siteUrl.replace(/\/+$/, "");
  const url = escapeHtml(`${site}/${meta.username}`);
  // Previews need an absolute address; photos are served from the site's own /media path.
  const photo = meta.imageUrl && (meta.imageUrl.startsWith("/") ? `${site}${meta.imageUrl}` : meta.imageUrl);
  const image = photo
    ? [`<meta property="og:image" content="${escapeHtml(photo)}" />`]
    : [
        `<meta property="og:image" content="${escapeHtml(`${site}${PREVIEW_IMAGE.path}`)}" />`,
        `<meta property="og:image:width" content="${PREVIEW_IMAGE.width}" />`,
        `<meta property="og:image:height" content="${PREVIEW_IMAGE.height}" />`,
        `<meta property="og:image:alt" content="${PREVIEW_IMAGE.alt}" />`,
      ];
  const description = escapeHtml(`${meta.username}'s public graph: topics, articles, thoughts and more.`);
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="graph" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="profile:username" content="${escapeHtml(meta.username)}" />`,
    ...image,
    // A photo is a portrait, shown beside the text; the wide graph picture fills the card.
    `<meta name="twitter:card" content="${photo ? "summary" : "summary_large_image"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join("\n    ");
  // A function, so no `$` in the text is read as a replacement pattern.
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>\n    ${tags}`);
}
