import { describe, expect, it } from "vitest";
import { newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

async function named(username: string) {
  return signedIn(api, { ...newPerson(), username, email: `${username.toLowerCase()}@example.com` });
}

describe("people search", () => {
  it("finds people by part of their name, case-insensitively, best matches first, never the searcher", async () => {
    const searcher = await named("Marlowe");
    await named("marl");
    await named("MarlaSinger");
    await named("the_marlin");
    await named("Unrelated");
    const search = async (q: string) => {
      const response = await api.client({ cookie: searcher.cookie }).users.search.$get({ query: { q } });
      expect(response.status).toBe(200);
      return response.json();
    };
    expect((await search("MARL")).map((p) => p.username)).toEqual(["marl", "MarlaSinger", "the_marlin"]);
    expect((await search("rlin")).map((p) => p.username)).toEqual(["the_marlin"]);
    const [first] = await search("marl");
    expect(first).toEqual({ id: expect.any(String), username: "marl", image_url: null });
    expect((await search("marlowe")).map((p) => p.username)).toEqual([]);
  });

  it("leaves out accounts that never verified", async () => {
    const searcher = await named("seeker01");
    await api.client({ address: uniqueAddress() }).signup.$post({ json: { ...newPerson(), username: "ghostly_one" } });
    const response = await api.client({ cookie: searcher.cookie }).users.search.$get({ query: { q: "ghostly" } });
    expect(await response.json()).toEqual([]);
  });

  it("answers at most 20, needs 2 characters and a session", async () => {
    const searcher = await named("counter00");
    await Promise.all(Array.from({ length: 22 }, (_, i) => named(`zeta${String(i).padStart(2, "0")}`)));
    const search = (q: string, cookie?: string) => api.client({ cookie }).users.search.$get({ query: { q } });
    const many = await (await search("zeta", searcher.cookie)).json();
    expect(many).toHaveLength(20);
    expect((await search("z", searcher.cookie)).status).toBe(400);
    expect((await search("  z ", searcher.cookie)).status).toBe(400);
    expect((await search("zeta")).status).toBe(401);
  });
});
