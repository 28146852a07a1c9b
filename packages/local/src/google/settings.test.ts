import { describe, expect, it } from "vitest";
import { googleSettings, STAND_IN_PATH } from "./index.ts";

describe("which Google the local runtime signs in against", () => {
  it("uses the stand-in on its own port when no GOOGLE_CLIENT_ID is set", () => {
    const s = googleSettings("http://127.0.0.1:3000", {});
    expect(s.standIn).toBe(true);
    expect(s.clientId).toBeTruthy();
    expect(s.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(s.oidc).toEqual({
      issuer: `http://127.0.0.1:3000${STAND_IN_PATH}`,
      authorizationEndpoint: `http://127.0.0.1:3000${STAND_IN_PATH}/authorize`,
      tokenEndpoint: `http://127.0.0.1:3000${STAND_IN_PATH}/token`,
      jwksUri: `http://127.0.0.1:3000${STAND_IN_PATH}/jwks`,
    });
  });

  it("uses real Google with GOOGLE_CLIENT_ID and its secret", () => {
    const s = googleSettings("http://127.0.0.1:3000", { GOOGLE_CLIENT_ID: "id.apps", GOOGLE_CLIENT_SECRET: "secret" });
    expect(s).toMatchObject({ standIn: false, clientId: "id.apps", clientSecret: "secret" });
    expect(s.oidc.issuer).toBe("https://accounts.google.com");
    expect(s.oidc.tokenEndpoint).toBe("https://oauth2.googleapis.com/token");
  });
});
