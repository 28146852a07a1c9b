import { codeFor, type Server } from "../../tests/e2e/support.ts";

/** A signed-in person with topics and a feed, made through the API as the web app would. */
export interface AuditPerson {
  username: string;
  /** `graph_session=…`, for the browser or Lighthouse's extra headers. */
  cookie: string;
  sessionValue: string;
}

const TOPICS = ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"];

export async function signUpWithFeed(server: Server): Promise<AuditPerson> {
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
  return { username, cookie, sessionValue };
}
