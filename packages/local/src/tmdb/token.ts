import { randomBytes } from "node:crypto";

/**
 * A token for one run, shaped like TMDB's API read access tokens (a JWT, `eyJ…`), so clients
 * take the `Authorization: Bearer` path production takes with a read token.
 */
export function makeTmdbToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return [
    part({ alg: "HS256" }),
    part({ aud: randomBytes(16).toString("hex"), sub: "graph-local", scopes: ["api_read"], version: 1 }),
    randomBytes(32).toString("base64url"),
  ].join(".");
}
