import type { Runtime } from "@graph/local/runtime";
import { ratio, row, sample } from "./stats.ts";

/**
 * What signing in costs next to staying signed in: a log-in pays for the scrypt hash on
 * purpose, while every signed-in request pays only for a session lookup.
 */
export async function authBench(runtime: Runtime) {
  const { api } = runtime;
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const person = { username: "benchuser", email: "bench@example.com", password: "a long passphrase" };
  const signup = (await (await api.request("/api/signup", json(person))).json()) as { userId: string };
  await runtime.dispatcher.idle();
  const code = /\b(\d{6})\b/.exec(runtime.outbox.list()[0]!.text)![1]!;
  const verified = await api.request("/api/verify_account", json({ userId: signup.userId, code }));
  const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;

  const anonymous = await sample(300, () => api.request("/api/check_auth"));
  const signedIn = await sample(300, () => api.request("/api/check_auth", { headers: { cookie } }));
  const login = await sample(
    10,
    () => api.request("/api/login", json({ identifier: person.username, password: person.password })),
    1,
  );

  console.log("\n## accounts (in-process API over local DynamoDB)");
  console.log(row("GET /api/check_auth, anonymous", anonymous));
  console.log(row("GET /api/check_auth, signed in (session read)", signedIn));
  console.log(row("POST /api/login (scrypt N=2^17, r=8, p=1)", login));
  console.log(
    `session lookup overhead: ${ratio(signedIn.p50, anonymous.p50)} anonymous; log-in costs ${ratio(login.p50, signedIn.p50)} a signed-in request`,
  );
}
