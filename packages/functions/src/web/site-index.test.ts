import { describe, expect, it } from "vitest";
import { siteIndexHtml } from "./site-index.ts";

/** A site whose index.html is `html` under `etag`, recording what each request asked. */
function site(state: { html: string; etag: string; status?: number }) {
  const asked: Array<{ url: string; ifNoneMatch: string | null }> = [];
  const fetchFrom = (async (input: string | URL | Request, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get("if-none-match");
    asked.push({ url: String(input), ifNoneMatch });
    if (state.status) return new Response("unavailable", { status: state.status });
    if (ifNoneMatch === state.etag) return new Response(null, { status: 304, headers: { etag: state.etag } });
    return new Response(state.html, { headers: { etag: state.etag, "content-type": "text/html" } });
  }) as typeof fetch;
  return { asked, fetchFrom };
}

describe("the deployed site's index.html, as the profile page function reads it", () => {
  it("reads it through the site's address, then revalidates the kept copy, and takes a new build at once", async () => {
    const state = { html: "<title>build 1</title>", etag: '"1"' };
    const { asked, fetchFrom } = site(state);
    const index = siteIndexHtml("https://graph.example/", fetchFrom);

    expect(await index()).toBe("<title>build 1</title>");
    expect(await index()).toBe("<title>build 1</title>");
    Object.assign(state, { html: "<title>build 2</title>", etag: '"2"' });
    expect(await index()).toBe("<title>build 2</title>");
    expect(asked).toEqual([
      { url: "https://graph.example/index.html", ifNoneMatch: null },
      { url: "https://graph.example/index.html", ifNoneMatch: '"1"' },
      { url: "https://graph.example/index.html", ifNoneMatch: '"1"' },
    ]);
  });

  it("fails when the site does not answer with the page, rather than serving something else", async () => {
    const { fetchFrom } = site({ html: "", etag: '"1"', status: 503 });
    await expect(siteIndexHtml("https://graph.example", fetchFrom)()).rejects.toThrow("answered 503");
  });
});
