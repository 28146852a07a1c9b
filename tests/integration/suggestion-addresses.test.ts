import { describe, expect, it } from "vitest";
import { Suggestions } from "@graph/core/modules/sources";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

// Read without suggesting: a suggestion would be checked in the background, and these tests
// reach no address off this machine.
describe("reading a suggested address", () => {
  it("accepts a public IPv6 literal as a web address, as it accepts an IPv4 one", () => {
    for (const link of [
      "http://[2606:4700::1111]/feed",
      "https://[2001:4860:4860::8888]:8443/rss.xml",
      "http://93.184.216.34/feed",
    ]) {
      expect(Suggestions.parseUserUrl(link), link).toBe(link);
    }
    expect(Suggestions.parseUserUrl("[2606:4700::1111]/feed")).toBe("https://[2606:4700::1111]/feed");
  });

  it("still refuses text that is no address, through the API too", async () => {
    for (const link of ["http://[not-an-address]/feed", "http://intranet/feed", "http://[2606:4700::1111/feed"]) {
      expect(() => Suggestions.parseUserUrl(link), link).toThrow(/does not look like a web address/);
    }
    const person = await signedIn(api);
    const response = await api
      .client({ cookie: person.cookie })
      .rss.user_source_suggested_list.$post({ json: { sourceLink: "http://intranet/feed" } });
    expect(response.status).toBe(400);
  });
});
