/**
 * What Discord accepts as a message (webhook execution, interaction answers and edits), with
 * its errors: 50006 for an empty message, 50035 "Invalid Form Body" naming each field over its
 * limit — so graph's rendering is held to the real limits here too.
 */

export interface SentEmbed {
  title?: string;
  url?: string;
  description?: string;
  author?: { name?: string };
  footer?: { text?: string };
}
export interface SentMessage {
  content?: string;
  embeds?: SentEmbed[];
}

const MAX = { content: 2000, embeds: 10, title: 256, description: 4096, author: 256, footer: 2048, total: 6000 };

type Errors = Record<string, unknown>;
const fieldError = (code: string, message: string) => ({ _errors: [{ code, message }] });

export function checkMessage(body: unknown): { message: SentMessage } | { error: object } {
  if (typeof body !== "object" || body === null)
    return { error: { message: "Cannot send an empty message", code: 50006 } };
  const { content, embeds } = body as { content?: unknown; embeds?: unknown };
  const errors: Errors = {};
  if (content !== undefined && content !== null && typeof content !== "string")
    errors.content = fieldError("STRING_TYPE_CONVERT", "Could not interpret value as string.");
  else if (typeof content === "string" && content.length > MAX.content)
    errors.content = fieldError("BASE_TYPE_MAX_LENGTH", `Must be ${MAX.content} or fewer in length.`);
  const list: SentEmbed[] = [];
  if (embeds !== undefined && embeds !== null) {
    if (!Array.isArray(embeds)) errors.embeds = fieldError("LIST_TYPE_CONVERT", "Must be an array.");
    else if (embeds.length > MAX.embeds)
      errors.embeds = fieldError("BASE_TYPE_MAX_LENGTH", `Must be ${MAX.embeds} or fewer in length.`);
    else {
      const embedErrors: Errors = {};
      let total = 0;
      embeds.forEach((raw: unknown, i) => {
        const e = (typeof raw === "object" && raw !== null ? raw : {}) as SentEmbed;
        const one: Errors = {};
        const limit = (name: string, value: unknown, max: number) => {
          if (value === undefined) return;
          if (typeof value !== "string")
            one[name] = fieldError("STRING_TYPE_CONVERT", "Could not interpret value as string.");
          else {
            total += value.length;
            if (value.length > max)
              one[name] = fieldError("BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
          }
        };
        limit("title", e.title, MAX.title);
        limit("description", e.description, MAX.description);
        if (e.author !== undefined) limit("author", e.author.name, MAX.author);
        if (e.footer !== undefined) limit("footer", e.footer.text, MAX.footer);
        if (e.url !== undefined && (typeof e.url !== "string" || !/^https?:\/\/./.test(e.url)))
          one.url = fieldError("URL_TYPE_INVALID_URL", "Not a well formed URL.");
        if (Object.keys(one).length) embedErrors[i] = one;
        list.push(e);
      });
      if (total > MAX.total)
        embedErrors._errors = [{ code: "MAX_EMBED_SIZE_EXCEEDED", message: "Embed size exceeds maximum size of 6000" }];
      if (Object.keys(embedErrors).length) errors.embeds = embedErrors;
    }
  }
  if (Object.keys(errors).length) return { error: { code: 50035, errors, message: "Invalid Form Body" } };
  const text = typeof content === "string" ? content : "";
  if (!text.trim() && list.length === 0) return { error: { message: "Cannot send an empty message", code: 50006 } };
  return { message: { content: text, embeds: list } };
}
