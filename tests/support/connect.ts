import type { TestApi } from "./runtime.ts";

/**
 * Plays the browser through a Spotify or YouTube connect: the API's login navigation (with the
 * person's session), the stand-in's consent page over HTTP, and the callback back at the API.
 */

export type LinkedProvider = "spotify" | "youtube";

/** A connect started at the API: where the browser was sent, and the state cookie it holds. */
export interface Started {
  authorizeUrl: URL;
  stateCookie: string;
}

/** Where the provider sent the browser back (the API's callback with `code` and `state`). */
export interface Returned extends Started {
  callback: URL;
  code: string;
  state: string;
}

const COOKIE = { spotify: "graph_spotify_state", youtube: "graph_youtube_state" } as const;

export async function startConnect(
  api: TestApi,
  provider: LinkedProvider,
  cookie: string,
  state: { userId: string; redirect?: string },
): Promise<Started> {
  const start = await api.request(
    "GET",
    `/api/${provider}/api/login?state=${encodeURIComponent(JSON.stringify(state))}`,
    {
      cookie,
    },
  );
  if (start.status !== 302) throw new Error(`the connect did not start: ${start.status} ${await start.text()}`);
  const stateCookie = new RegExp(`${COOKIE[provider]}=[^;]*`).exec(start.headers.get("set-cookie") ?? "")?.[0];
  if (!stateCookie) throw new Error(`no state cookie; sent to ${start.headers.get("location")}`);
  return { authorizeUrl: new URL(start.headers.get("location")!), stateCookie };
}

/** Submits the stand-in's consent page as a person would (a Spotify listener, or a Google identity). */
export async function consent(started: Started, fields: Record<string, string>): Promise<Returned> {
  const page = await fetch(started.authorizeUrl);
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${await page.text()}`);
  const res = await fetch(started.authorizeUrl.origin + started.authorizeUrl.pathname, {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(started.authorizeUrl.searchParams), ...fields }),
    redirect: "manual",
  });
  if (res.status !== 303) throw new Error(`the consent was not sent back: ${res.status} ${await res.text()}`);
  const callback = new URL(res.headers.get("location")!);
  return {
    ...started,
    callback,
    code: callback.searchParams.get("code") ?? "",
    state: callback.searchParams.get("state") ?? "",
  };
}

export const spotifyListener = (listener: string) => ({ listener, decision: "allow" });
export const googleIdentity = (email: string) => ({ email, name: email.split("@")[0]!, email_verified: "on" });

/** Calls the API's callback as the browser does, with `cookies` (session and state); answers where it redirected. */
export async function callBack(
  api: TestApi,
  provider: LinkedProvider,
  query: Record<string, string>,
  cookies: string[],
): Promise<{ status: number; location: string; response: Response }> {
  const response = await api.request("GET", `/api/${provider}/api/callback?${new URLSearchParams(query)}`, {
    cookie: cookies.filter(Boolean).join("; "),
  });
  return { status: response.status, location: response.headers.get("location") ?? "", response };
}

/** The whole connect for a signed-in person: answers the callback's redirect. */
export async function connect(
  api: TestApi,
  provider: LinkedProvider,
  person: { userId: string; cookie: string },
  fields: Record<string, string>,
): Promise<string> {
  const back = await consent(await startConnect(api, provider, person.cookie, { userId: person.userId }), fields);
  const { status, location } = await callBack(api, provider, { code: back.code, state: back.state }, [
    person.cookie,
    back.stateCookie,
  ]);
  if (status !== 302) throw new Error(`the callback answered ${status}`);
  return location;
}
