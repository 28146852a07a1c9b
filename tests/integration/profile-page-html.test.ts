import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { webApp } from "@graph/local/static";
import { newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * A profile's address is answered with index.html carrying the person's name in `<title>` and
 * the Open Graph tags, so a shared link previews without running the app's script.
 */
const api = useTestApi();
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>graph</title></head><body><div id="root"></div></body></html>`;
let site: ReturnType<typeof webApp>;

beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), "graph-profile-html-"));
  await writeFile(join(dist, "index.html"), INDEX);
  const Profile = await import("@graph/core/modules/profile");
  site = webApp(dist, { indexFor: (path, html) => Profile.profileIndexHtml(path, html, "http://graph.test") });
});

const page = async (path: string) => {
  const response = await site.request(`http://graph.test${path}`);
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") };
};

describe("profile pages served with their title and preview tags", () => {
  it("names the person in <title> and og tags at /{username} and /profile/{username}", async () => {
    const person = await signedIn(api);
    for (const path of [`/${person.username}`, `/profile/${person.username}`]) {
      const { status, html, type } = await page(path);
      expect(status).toBe(200);
      expect(type).toContain("text/html");
      expect(html).toContain(`<title>${person.username} on graph</title>`);
      expect(html).toContain(`<meta property="og:title" content="${person.username} on graph" />`);
      expect(html).toContain(`<meta property="og:url" content="http://graph.test/${person.username}" />`);
      expect(html).not.toContain(person.email);
      expect(html.match(/<title>/g)).toHaveLength(1);
    }
  });

  it("serves the page as built for reserved words, unknown and unverified names", async () => {
    const unverified = newPerson("unverified");
    await api.client({ address: uniqueAddress() }).signup.$post({ json: unverified });
    for (const path of ["/login", "/home", "/nobody-here-at-all", `/${unverified.username}`]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toBe(INDEX);
    }
  });
});
