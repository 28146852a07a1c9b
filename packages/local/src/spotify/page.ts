import { createHash } from "node:crypto";
import { escapeHtml } from "@graph/core/lib/util";
import type { Listener } from "./catalogue.ts";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:440px;margin:40px auto;padding:0 16px;color:#121212;background:#fff}@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}fieldset{border-color:#555!important}input[type=text]{background:#222;color:#eee}}
h1{font-size:22px;margin:0 0 4px}p{margin:0 0 16px}fieldset{border:1px solid #bbb;border-radius:10px;padding:12px 16px;margin:0 0 16px}legend{font-weight:600;padding:0 4px}.pick{display:flex;gap:8px;align-items:center;margin:6px 0}.pick label{margin:0}label{display:block;margin:8px 0 2px}input[type=text]{width:100%;box-sizing:border-box;padding:8px;border:1px solid #888;border-radius:6px;font:inherit}.scope{font-family:ui-monospace,monospace}button{font:inherit;font-weight:600;padding:8px 18px;border-radius:999px;border:1px solid #1ed760;background:#1ed760;color:#000;cursor:pointer}button.quiet{background:transparent;color:inherit;border-color:#888}.row{display:flex;gap:8px;margin-top:12px}`;

/** The page's one inline style, allowed by hash; the form may post here and be sent on to the site. */
export const pageCsp = (siteOrigin: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
    `form-action 'self' ${siteOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

const hidden = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

/**
 * The stand-in's consent page: which listener to be — a test listener, one typed before, or a
 * new name — and the scopes asked for; Allow sends a code back, Cancel `access_denied`.
 */
export function authorizePage(action: string, params: Record<string, string>, listeners: Listener[]): string {
  const picks = listeners
    .map(
      (who, i) =>
        `<div class="pick"><input type="radio" id="listener-${i}" name="listener" value="${escapeHtml(who.displayName)}"${i === 0 ? " checked" : ""} data-testid="spotify-listener-${i}"><label for="listener-${i}">${escapeHtml(who.displayName)}</label></div>`,
    )
    .join("");
  const scopes = (params.scope ?? "")
    .split(" ")
    .filter(Boolean)
    .map((s) => `<li class="scope">${escapeHtml(s)}</li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Log in to Spotify · local stand-in</title><style>${STYLE}</style></head>
<body><main><h1>Connect to Spotify</h1><p>local stand-in: choose which listener to be. Nothing leaves this machine.</p>
<form method="post" action="${escapeHtml(action)}" data-testid="spotify-authorize-form">${hidden(params)}
<fieldset><legend>Listener</legend>${picks}
<label for="name">or another listener's name (used instead when filled in)</label><input id="name" name="name" type="text" maxlength="60" autocomplete="off" data-testid="spotify-name">
</fieldset>
<p>The app asks to:</p><ul>${scopes || "<li>see your public profile</li>"}</ul>
<div class="row"><button type="submit" name="decision" value="allow" data-testid="spotify-allow">Allow</button><button type="submit" class="quiet" name="decision" value="cancel" data-testid="spotify-cancel">Cancel</button></div>
</form></main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spotify · error</title><style>${STYLE}</style></head><body><main><h1>Oops! Something went wrong</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
