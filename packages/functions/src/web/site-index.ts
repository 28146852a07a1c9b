/** How long the function waits for the site's index.html before the page fails. */
const FETCH_TIMEOUT_MS = 5_000;

/**
 * index.html as the deployed site serves it, read through the site's own address, so a profile
 * page always names the scripts of the build that is live now (a copy bundled into the function
 * would name a previous build's hashed files whenever the site deploys without it). A warm
 * function keeps the last copy and revalidates it with its ETag, which costs a 304 with no body.
 */
export function siteIndexHtml(siteUrl: string, fetchFrom: typeof fetch = fetch): () => Promise<string> {
  const url = `${siteUrl.replace(/\/+$/, "")}/index.html`;
  let kept: { etag: string; html: string } | undefined;
  return async () => {
    const response = await fetchFrom(url, {
      headers: kept ? { "if-none-match": kept.etag } : {},
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 304 && kept) return kept.html;
    if (!response.ok) throw new Error(`The site's index.html answered ${response.status}`);
    const html = await response.text();
    const etag = response.headers.get("etag");
    kept = etag ? { etag, html } : undefined;
    return html;
  };
}
