/**
 * What a log line must never hold: an e-mail address, a session cookie, a signed token, or the
 * value of a field that carries what a person wrote or signs in with (the logger blanks those:
 * anything else there got past it). Answers the lines that break this, each with why.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const COOKIE = /graph_session=[^;\s"]/;
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
const WRITTEN_KEY = /^(content|text|body|html|subject|email|password|token|cookie|code)$/i;

export function privacyBreaches(lines: readonly string[]): string[] {
  const breaches: string[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const why = EMAIL.test(line)
      ? "an e-mail address"
      : COOKIE.test(line)
        ? "a session cookie"
        : JWT.test(line)
          ? "a signed token"
          : writtenField(JSON.parse(line) as unknown, true);
    if (why) breaches.push(`${why}: ${line.slice(0, 300)}`);
  }
  return breaches;
}

/** A field named like what a person wrote whose value was not blanked (the record's own `message` aside). */
function writtenField(value: unknown, top: boolean): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!(top && key === "message") && WRITTEN_KEY.test(key) && typeof item === "string" && item !== "[redacted]") {
      return `the field ${key} written out`;
    }
    const inner = writtenField(item, false);
    if (inner) return inner;
  }
  return undefined;
}
