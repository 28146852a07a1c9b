import { createHash } from "node:crypto";
import { escapeHtml } from "@graph/core/lib/util";

/** A test identity a person signs in as. */
export interface Identity {
  email: string;
  name: string;
  emailVerified: boolean;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:440px;margin:40px auto;padding:0 16px;color:#1d1d1f;background:#fbfaf7}@media (prefers-color-scheme:dark){body{background:#141414;color:#eee}fieldset,.who{border-color:#444!important}input{background:#222;color:#eee}}
h1{font-size:22px;margin:0 0 4px}p{margin:0 0 16px;opacity:.8}fieldset,.who{border:1px solid #ccc;border-radius:10px;padding:12px 16px;margin:0 0 16px}label{display:block;margin:8px 0 2px}input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:8px;border:1px solid #aaa;border-radius:6px;font:inherit}.check{display:flex;gap:8px;align-items:center}.check label{margin:0}button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #1a73e8;background:#1a73e8;color:#fff;cursor:pointer}button.quiet{background:transparent;color:inherit;border-color:#aaa}.who{display:flex;justify-content:space-between;align-items:center;gap:8px}.who span{overflow-wrap:anywhere}.row{display:flex;gap:8px;margin-top:12px}`;

/** The page's one inline style, allowed by hash; the form may post here and be sent on to the site. */
export const pageCsp = (siteOrigin: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
    `form-action 'self' ${siteOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

/** The request's parameters, carried through the form so the POST can finish it. */
const hidden = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

/**
 * The stand-in's account chooser: pick an identity used before or type one — e-mail, name and
 * whether Google has verified the e-mail — or cancel, as a person does at Google.
 */
export function chooserPage(action: string, params: Record<string, string>, known: Identity[]): string {
  const pick = known
    .map(
      (who, i) => `<form method="post" action="${escapeHtml(action)}" class="who">${hidden(params)}
<input type="hidden" name="email" value="${escapeHtml(who.email)}"><input type="hidden" name="name" value="${escapeHtml(who.name)}">${who.emailVerified ? '<input type="hidden" name="email_verified" value="on">' : ""}
<span>${escapeHtml(who.name)} · ${escapeHtml(who.email)}${who.emailVerified ? "" : " (email not verified)"}</span><button type="submit" data-testid="google-known-${i}">continue</button></form>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Sign in with Google · local stand-in</title><style>${STYLE}</style></head>
<body><main><h1>Sign in with Google</h1><p>local stand-in: choose who to be. Nothing leaves this machine.</p>
${pick}
<form method="post" action="${escapeHtml(action)}" data-testid="google-identity-form"><fieldset><legend>use another account</legend>${hidden(params)}
<label for="email">email</label><input id="email" name="email" type="email" required autocomplete="off" data-testid="google-email">
<label for="name">name</label><input id="name" name="name" type="text" autocomplete="off" data-testid="google-name">
<div class="check"><input id="email_verified" name="email_verified" type="checkbox" checked data-testid="google-email-verified"><label for="email_verified">Google has verified this email</label></div>
<div class="row"><button type="submit" data-testid="google-continue">continue</button><button type="submit" class="quiet" name="cancel" value="1" formnovalidate data-testid="google-cancel">cancel</button></div>
</fieldset></form></main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with Google · error</title><style>${STYLE}</style></head><body><main><h1>Error 400: invalid_request</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
