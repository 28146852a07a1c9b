import type { TestApi } from "./runtime.ts";

/** A test identity typed into the Google stand-in's account chooser. */
export interface GoogleIdentity {
  email: string;
  name?: string;
  emailVerified?: boolean;
}

/** Where Google sent the browser back: the web app's callback page with `code` and `state`, and the state cookie. */
export interface GoogleReturn {
  code: string;
  state: string;
  /** The `graph_google_state=…` cookie the start of the sign-in set. */
  stateCookie: string;
}

/** The hidden fields of the chooser's typed-identity form (what a browser would submit). */
function formFields(html: string): URLSearchParams {
  const form = /<form[^>]*data-testid="google-identity-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error(`no identity form on the chooser:\n${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(match[1]!), unescape(match[2]!));
  return fields;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Plays the browser through Google: starts the sign-in at the API, opens the stand-in's chooser
 * (over HTTP, as the browser does), submits `identity`, and answers where it was sent back to.
 */
export async function throughGoogle(api: TestApi, identity: GoogleIdentity): Promise<GoogleReturn> {
  const start = await api.request("GET", "/api/login/google");
  if (start.status !== 302) throw new Error(`the sign-in did not start: ${start.status} ${await start.text()}`);
  const stateCookie = /graph_google_state=[^;]*/.exec(start.headers.get("set-cookie") ?? "")?.[0];
  if (!stateCookie) throw new Error("no state cookie");
  const chooser = await fetch(start.headers.get("location")!);
  if (chooser.status !== 200) throw new Error(`the chooser answered ${chooser.status}`);
  const fields = formFields(await chooser.text());
  fields.set("email", identity.email);
  fields.set("name", identity.name ?? identity.email.split("@")[0]!);
  if (identity.emailVerified ?? true) fields.set("email_verified", "on");
  const back = await fetch(`${api.runtime.url}/_google/authorize`, {
    method: "POST",
    body: fields,
    redirect: "manual",
  });
  if (back.status !== 303) throw new Error(`the chooser did not send the browser back: ${back.status}`);
  const location = new URL(back.headers.get("location")!);
  const code = location.searchParams.get("code");
  const state = location.searchParams.get("state");
  if (!code || !state) throw new Error(`sent back without a code: ${location.href}`);
  return { code, state, stateCookie };
}

/** Posts the return to the API as the callback page does; answers the raw response. */
export function postCallback(api: TestApi, back: GoogleReturn, options: { address?: string; state?: string } = {}) {
  return api
    .client({ cookie: back.stateCookie, ...(options.address ? { address: options.address } : {}) })
    .login.google.callback.$post({ json: { code: back.code, state: options.state ?? back.state } });
}
