import { codeFor, type Server } from "../../tests/e2e/support.ts";

/** A signed-in person with topics and a feed, made through the API as the web app would. */
export interface AuditPerson {
  username: string;
  /** `graph_session=…`, for the browser or Lighthouse's extra headers. */
  cookie: string;
  sessionValue: string;
}

const TOPICS = ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"];

/**
 * Signs a person up with topics the demo corpus covers, and, when `feedUrl` is given, suggests
 * that feed (a suggestion reaches its suggester at once).
 */
export async function signUpWithFeed(server: Server, feedUrl?: string): Promise<AuditPerson> {
  const username = `audit${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  // State-changing calls must come from the site's own origin.
  const post = async (path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };

  const signup = await post("/api/signup", { email, username, password: "a long passphrase" });
  const { userId } = (await signup.json()) as { userId: string };
  const verify = await post("/api/verify_account", { userId, code: await codeFor(server, email) });
  const sessionValue = /graph_session=([^;]+)/.exec(verify.headers.get("set-cookie") ?? "")?.[1];
  if (!sessionValue) throw new Error("verifying the account set no session cookie");
  const cookie = `graph_session=${sessionValue}`;

  await post("/api/gpt/to_db", { keyTopicsArray: TOPICS }, cookie);
  await post("/api/users/set_has_onboarded", {}, cookie);
  if (feedUrl) await post("/api/rss/user_source_suggested_list", { sourceLink: feedUrl }, cookie);
  return { username, cookie, sessionValue };
}

/**
 * The id of the article at `link` in the person's feed (read as the web app reads it), with its
 * reading fetched once: the extraction is kept for days, so the audit sees the view as every
 * reader after the first does.
 */
export async function readerArticle(server: Server, person: AuditPerson, link: string): Promise<string> {
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: person.cookie } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const articleId = findArticleId(await get("/api/rss/articles"), link);
  if (!articleId) throw new Error(`the feed has no card for ${link}`);
  const reading = (await get(`/api/reader/${articleId}`)) as { reading?: { kind?: string } };
  if (reading.reading?.kind !== "article") {
    throw new Error(`the reader view has no article text for ${link}: ${JSON.stringify(reading).slice(0, 300)}`);
  }
  return articleId;
}

function findArticleId(value: unknown, link: string): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findArticleId(entry, link);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record.link === link && typeof record.id === "string") return record.id;
    for (const entry of Object.values(record)) {
      const found = findArticleId(entry, link);
      if (found) return found;
    }
  }
  return undefined;
}
