import type { OutgoingEmail } from "./index.ts";
import { escapeHtml } from "../util/index.ts";

function layout(body: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:24px auto;line-height:1.5">${body}<p style="color:#777;font-size:12px;margin-top:32px">graph — your own algorithm for the web.</p></body></html>`;
}

export function verificationCode(to: string, code: string, minutes: number): OutgoingEmail {
  return {
    to,
    subject: `your graph verification code: ${code}`,
    text: `Your graph verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not sign up for graph, ignore this e-mail.`,
    html: layout(
      `<p>your graph verification code is</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${code}</p><p>it expires in ${minutes} minutes. if you did not sign up for graph, ignore this e-mail.</p>`,
    ),
  };
}

export function passwordResetLink(to: string, link: string, minutes: number): OutgoingEmail {
  return {
    to,
    subject: "reset your graph password",
    text: `Someone asked to reset the password of your graph account.\n\nSet a new password here (the link works once and expires in ${minutes} minutes):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
    html: layout(
      `<p>someone asked to reset the password of your graph account.</p><p><a href="${escapeHtml(link)}">set a new password</a> — the link works once and expires in ${minutes} minutes.</p><p>if it was not you, ignore this e-mail; your password stays as it is.</p>`,
    ),
  };
}

export function feedback(
  to: string,
  from: { username: string; email: string; userId: string },
  text: string,
): OutgoingEmail {
  return {
    to,
    subject: `graph feedback from ${from.username}`,
    text: `From ${from.username} <${from.email}> (user ${from.userId}):\n\n${text}`,
    html: layout(
      `<p>from <strong>${escapeHtml(from.username)}</strong> &lt;${escapeHtml(from.email)}&gt; (user ${escapeHtml(from.userId)})</p><blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(text)}</blockquote>`,
    ),
  };
}
