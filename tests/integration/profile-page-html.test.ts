import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { webApp } from "@graph/local/static";
import { newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * A profile's address is answered with index.html carrying the person's name in `<title>` and
 * the Open Graph and Twitter card tags, so a shared link previews without running the app's
 * script: locally in front of the built web app, and on AWS by the profile page function behind
 * the router (here invoked as Lambda invokes it, with function URL events).
 */
const api = useTestApi();
const SITE = "http://graph.test";
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>graph</title></head><body><div id="root"></div></body></html>`;
/** What the social sites' crawlers send, each fetching a shared link's page for its preview. */
const CRAWLERS = {
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  twitter: "Twitterbot/1.0",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  discord: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
};
let site: ReturnType<typeof webApp>;
let lambda: (
  event: unknown,
) => Promise<{ statusCode: number; body: string; isBase64Encoded: boolean; headers: Record<string, string> }>;
/** index.html as the deployed site serves it, to the function's fetch. */
const deployedIndex = (async () =>
  new Response(INDEX, { headers: { "content-type": "text/html", etag: '"1"' } })) as typeof fetch;

beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), "graph-profile-html-"));
  await writeFile(join(dist, "index.html"), INDEX);
  // Wired as the local runtime wires them (packages/local/src/runtime.ts).
  const { profilePages, profilePageAt, profilePageHandler } = await import("@graph/functions/web/profile-page");
  const profiles = profilePages({ siteUrl: SITE, indexHtml: () => readFile(join(dist, "index.html"), "utf8") });
  site = webApp(dist, { indexFor: (path) => profilePageAt(profiles, path) });
  lambda = profilePageHandler(SITE, deployedIndex) as unknown as typeof lambda;
});

const page = async (path: string) => {
  const response = await site.request(`${SITE}${path}`);
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") };
};

/** A GET through the router to the function's URL, as Lambda hands it over (payload format 2.0). */
async function invoke(path: string, userAgent: string) {
  const headers = { "user-agent": userAgent, host: "abc.lambda-url.us-east-1.on.aws", accept: "text/html" };
  const answer = await lambda({
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers,
    requestContext: {
      accountId: "anonymous",
      apiId: "abc",
      domainName: headers.host,
      domainPrefix: "abc",
      http: { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "198.51.100.7", userAgent },
      requestId: crypto.randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
  });
  const html = answer.isBase64Encoded ? Buffer.from(answer.body, "base64").toString("utf8") : answer.body;
  return { status: answer.statusCode, html, type: answer.headers["content-type"] };
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe("profile pages served with their title and preview tags", () => {
  it("names the person in <title> and og tags at /{username} and /profile/{username}", async () => {
    const person = await signedIn(api);
    for (const path of [`/${person.username}`, `/profile/${person.username}`]) {
      const { status, html, type } = await page(path);
      expect(status).toBe(200);
      expect(type).toContain("text/html");
      expect(html).toContain(`<title>${person.username} on graph</title>`);
      expect(html).toContain(`<meta property="og:title" content="${person.username} on graph" />`);
      expect(html).toContain(`<meta property="og:url" content="${SITE}/${person.username}" />`);
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

describe("the profile page function, as crawlers reach it on AWS", () => {
  it("gives each crawler the person's card with the graph picture", async () => {
    const person = await signedIn(api);
    for (const [crawler, agent] of Object.entries(CRAWLERS)) {
      const { status, html, type } = await invoke(`/_profile/${person.username}`, agent);
      expect(status, crawler).toBe(200);
      expect(type, crawler).toContain("text/html");
      expect(html, crawler).toContain(`<title>${person.username} on graph</title>`);
      expect(metaOf(html, "og:title"), crawler).toBe(`${person.username} on graph`);
      expect(metaOf(html, "og:url"), crawler).toBe(`${SITE}/${person.username}`);
      expect(metaOf(html, "og:type"), crawler).toBe("profile");
      // No photo: the picture made for previews, with its size, on a wide card.
      expect(metaOf(html, "og:image"), crawler).toBe(`${SITE}/og-image.png`);
      expect(metaOf(html, "og:image:width"), crawler).toBe("1200");
      expect(metaOf(html, "og:image:height"), crawler).toBe("630");
      expect(metaOf(html, "twitter:card"), crawler).toBe("summary_large_image");
      expect(metaOf(html, "twitter:title"), crawler).toBe(`${person.username} on graph`);
      expect(html, crawler).not.toContain(person.email);
    }
  });

  it("shows the person's photo when they have one", async () => {
    const person = await signedIn(api);
    const { ImageEntity } = await import("../../packages/core/src/modules/images/image.entity.ts");
    const { AlbumEntity } = await import("../../packages/core/src/modules/images/album.entity.ts");
    const imageId = crypto.randomUUID();
    await ImageEntity.create({
      userId: person.userId,
      imageId,
      prefix: `public/${person.userId}/${imageId}`,
      name: "me.jpg",
      width: 640,
      height: 640,
      createdAt: Date.now(),
    }).go();
    await AlbumEntity.put({ userId: person.userId, images: 1, primaryId: imageId }).go();
    const listed = await api.client().images.from_db_by_user_id[":id"].$get({ param: { id: person.userId } });
    const photo = (await listed.json()).images.find((i) => i.is_primary)!.url;
    expect(photo).toMatch(new RegExp(`^${SITE}/media/`));

    const { html } = await invoke(`/_profile/${person.username}`, CRAWLERS.twitter);
    expect(metaOf(html, "og:image")).toBe(photo);
    expect(metaOf(html, "og:image:width")).toBeUndefined();
    expect(metaOf(html, "twitter:card")).toBe("summary");
  });

  it("carries nothing from the profile's sections, hidden or shown", async () => {
    const person = await signedIn(api);
    const Profile = await import("@graph/core/modules/profile");
    await Profile.saveContacts(person.userId, { about: "secret-site.example", socials: "@hidden-handle" });
    await Profile.addThought(person.userId, { title: "Shown thought", content: "Visible words" });
    await Profile.saveSectionOrder(person.userId, [
      { id: "aboutMe", order: 0, visible: false },
      { id: "thoughts", order: 1, visible: true },
    ]);
    const { html } = await invoke(`/_profile/${person.username}`, CRAWLERS.facebook);
    expect(metaOf(html, "og:title")).toBe(`${person.username} on graph`);
    for (const text of ["secret-site", "hidden-handle", "Shown thought", "Visible words"]) {
      expect(html).not.toContain(text);
    }
  });

  it("names nobody for an unknown, a deleted or a malformed name", async () => {
    const person = await signedIn(api);
    expect(metaOf((await invoke(`/_profile/${person.username}`, CRAWLERS.slack)).html, "og:title")).toBe(
      `${person.username} on graph`,
    );
    const deleted = await api
      .client({ cookie: person.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: person.password } });
    expect(deleted.status).toBe(200);
    for (const path of [
      `/_profile/${person.username}`,
      "/_profile/nobody-here-at-all",
      "/_profile/home",
      "/_profile/a",
      "/_profile/%3Cscript%3E",
    ]) {
      const { status, html } = await invoke(path, CRAWLERS.slack);
      expect(status, path).toBe(200);
      expect(html, path).toBe(INDEX);
    }
  });
});
