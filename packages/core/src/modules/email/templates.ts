import type { OutgoingEmail } from "../../adapters/queues/index.ts";
import { escapeHtml } from "../../lib/util/index.ts";

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

/** An org plan request from the plans page, to the team's address. */
export function orgRequest(
  to: string,
  from: { username: string; email: string; userId: string },
  request: { seats: number; organisation: string; message: string },
): OutgoingEmail {
  return {
    to,
    subject: `graph org request: ${request.organisation} (${request.seats} seats)`,
    text: `From ${from.username} <${from.email}> (user ${from.userId})\nOrganisation: ${request.organisation}\nSeats: ${request.seats}\n\n${request.message}`,
    html: layout(
      `<p>org request from <strong>${escapeHtml(from.username)}</strong> &lt;${escapeHtml(from.email)}&gt; (user ${escapeHtml(from.userId)})</p><p>organisation: <strong>${escapeHtml(request.organisation)}</strong><br>seats: <strong>${request.seats}</strong></p><blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(request.message)}</blockquote>`,
    ),
  };
}

/** Tells the person their org request reached the team. */
export function orgRequestReceived(to: string, request: { seats: number; organisation: string }): OutgoingEmail {
  return {
    to,
    subject: "we got your graph org request",
    text: `Thanks! We got your request for an org plan for ${request.organisation} (${request.seats} seats) and will e-mail you soon.`,
    html: layout(
      `<p>thanks! we got your request for an org plan for <strong>${escapeHtml(request.organisation)}</strong> (${request.seats} seats) and will e-mail you soon.</p>`,
    ),
  };
}
