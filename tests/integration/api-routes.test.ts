import { describe, expect, it } from "vitest";
import { createApi } from "@graph/functions/api/app";
import { mounted, ROUTE_GROUPS, segmentsOf } from "@graph/functions/api/routes";

const firstSegment = (path: string) => path.replace(/^\/api\/?/, "").split("/")[0]!;

describe("the API's route groups, imported when first requested", () => {
  it("are each reached by every first segment their paths start with", async () => {
    for (const routeGroup of ROUTE_GROUPS) {
      const app = await mounted([routeGroup]);
      const segments = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => firstSegment(r.path)));
      expect(segments.size, routeGroup.at).toBeGreaterThan(0);
      expect([...segments].filter((segment) => !segmentsOf(routeGroup).includes(segment)), routeGroup.at).toEqual([]);
    }
  });

  it("are not imported by building the app, and answer once loaded", async () => {
    const api = createApi({ clientAddressOf: () => "192.0.2.1" });
    // Only the dispatchers are routes of the app itself: the groups' own routes are not there yet.
    expect(api.routes.filter((r) => r.method !== "ALL")).toEqual([]);
    const unknown = await api.request("/api/no-such-area/x");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found.", code: "not_found" });
    // A group's route answers through its dispatcher (a signed-out caller is refused by the route itself).
    const config = await api.request("/api/config");
    expect(config.status).toBe(200);
    const missing = await api.request("/api/users/search/too/deep");
    expect(missing.status).toBe(404);
  });
});
