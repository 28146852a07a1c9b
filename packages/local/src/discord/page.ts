import { createHash } from "node:crypto";
import { escapeHtml } from "@graph/core/lib/util";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#2e3338;background:#fff}@media (prefers-color-scheme:dark){body{background:#313338;color:#dbdee1}fieldset,.message{border-color:#555!important}}
h1{font-size:22px;margin:0 0 4px}h2{font-size:19px;margin:28px 0 8px}h3{font-size:15px;margin:16px 0 6px}p{margin:0 0 16px}fieldset{border:1px solid #bbb;border-radius:8px;padding:12px 16px;margin:0 0 16px}legend{font-weight:600;padding:0 4px}.pick{display:flex;gap:8px;align-items:center;margin:6px 0}.pick label{margin:0}.scope{font-family:ui-monospace,monospace}button{font:inherit;font-weight:600;padding:8px 18px;border-radius:4px;border:1px solid #5865f2;background:#5865f2;color:#fff;cursor:pointer}button.quiet{background:transparent;color:inherit;border-color:#888}.row{display:flex;gap:8px;margin-top:12px}.message{border:1px solid #ddd;border-radius:8px;padding:8px 12px;margin:8px 0}.embed{border-left:4px solid #5865f2;padding:4px 10px;margin:6px 0}.meta{font-size:12px;opacity:.7}`;

/** The pages' one inline style, allowed by hash; the consent form may post here and be sent on to the site. */
export const pageCsp = (siteOrigins: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
    `form-action 'self' ${siteOrigins}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

const hidden = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · local stand-in</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

export interface ServerView {
  id: string;
  name: string;
  channels: Array<{ id: string; name: string }>;
}

/**
 * The consent page as Discord shows it for `webhook.incoming`: which server, and which of its
 * channels graph may post to; Authorize sends a code back, Cancel `access_denied`.
 */
export function authorizePage(action: string, params: Record<string, string>, servers: ServerView[]): string {
  let first = true;
  const picks = servers
    .map(
      (server) =>
        `<fieldset><legend>${escapeHtml(server.name)}</legend>${server.channels
          .map((channel) => {
            const value = `${server.id}/${channel.id}`;
            const checked = first ? " checked" : "";
            first = false;
            return `<div class="pick"><input type="radio" id="c-${channel.id}" name="channel" value="${value}"${checked} data-testid="discord-channel-${escapeHtml(server.name)}-${escapeHtml(channel.name)}"><label for="c-${channel.id}">#${escapeHtml(channel.name)}</label></div>`;
          })
          .join("")}</fieldset>`,
    )
    .join("");
  const scopes = (params.scope ?? "")
    .split(" ")
    .filter(Boolean)
    .map((s) => `<li class="scope">${escapeHtml(s)}</li>`)
    .join("");
  return page(
    "Authorize · Discord",
    `<h1>An external application wants to access your Discord account</h1><p>local stand-in: choose the server and the channel it may post to. Nothing leaves this machine.</p>
<form method="post" action="${escapeHtml(action)}" data-testid="discord-authorize-form">${hidden(params)}
${picks}<p>This will allow the developer to:</p><ul>${scopes}</ul>
<div class="row"><button type="submit" name="decision" value="allow" data-testid="discord-authorize">Authorize</button><button type="submit" class="quiet" name="decision" value="cancel" data-testid="discord-cancel">Cancel</button></div>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page("Discord · error", `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}

export interface MessageView {
  id: string;
  via: "webhook" | "interaction";
  content: string;
  embeds: Array<{
    title?: string;
    url?: string;
    description?: string;
    author?: { name?: string };
    footer?: { text?: string };
  }>;
  timestamp: string;
  edited: boolean;
}

/** What each channel received, newest first: for people trying graph out, and for tests. */
export function viewerPage(
  servers: Array<{ name: string; channels: Array<{ name: string; messages: MessageView[] }> }>,
): string {
  const message = (m: MessageView) =>
    `<div class="message" data-testid="discord-message"><div class="meta">${escapeHtml(m.via)} · ${escapeHtml(m.timestamp)}${m.edited ? " · edited" : ""}</div>${m.content ? `<p>${escapeHtml(m.content).replace(/\n/g, "<br>")}</p>` : ""}${m.embeds
      .map(
        (e) =>
          `<div class="embed">${e.author?.name ? `<div class="meta">${escapeHtml(e.author.name)}</div>` : ""}<strong>${e.url ? `<a href="${escapeHtml(e.url)}" rel="noopener noreferrer">${escapeHtml(e.title ?? "")}</a>` : escapeHtml(e.title ?? "")}</strong>${e.description ? `<div>${escapeHtml(e.description)}</div>` : ""}${e.footer?.text ? `<div class="meta">${escapeHtml(e.footer.text)}</div>` : ""}</div>`,
      )
      .join("")}</div>`;
  const body = servers
    .map(
      (server) =>
        `<h2>${escapeHtml(server.name)}</h2>${server.channels
          .map(
            (channel) =>
              `<section data-testid="discord-channel-${escapeHtml(channel.name)}"><h3>#${escapeHtml(channel.name)}</h3>${
                channel.messages.length
                  ? [...channel.messages].reverse().map(message).join("")
                  : "<p class=meta>Nothing yet.</p>"
              }</section>`,
          )
          .join("")}`,
    )
    .join("");
  return page("Discord · what each channel received", `<h1>What each channel received</h1>${body}`);
}
