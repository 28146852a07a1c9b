import { describe, expect, it } from "vitest";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { newPerson, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * Against a runtime at production's costs, linked as `npm start` and AWS link it (no
 * TestSettings): every other integration file runs on lowered ones (tests/support/setup-runtime.ts),
 * so what production's costs give is checked here.
 */
const api = useTestApi();
const signup = (json: { username: string; email: string; password: string }) =>
  api.client({ address: uniqueAddress() }).signup.$post({ json });

describe("sign-up at production's costs", () => {
  it("stores the password as an scrypt hash at or above OWASP's parameters", async () => {
    const person = newPerson();
    const { userId } = await (await signup(person)).json();
    const { data: user } = await UserEntity.get({ userId }).go();
    const [scheme, N, r, p, salt, key] = user!.passwordHash.split("$");
    expect(scheme).toBe("scrypt");
    expect(Number(N)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(r)).toBeGreaterThanOrEqual(8);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt!, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(key!.length).toBeGreaterThan(40);
    expect(user!.passwordHash).not.toContain(person.password);
  });
});
