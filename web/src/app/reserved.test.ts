import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { isReservedPath } from "@graph/core/modules/users/rules";
import { routes } from "./router.tsx";

const WEB = resolve(import.meta.dirname, "../..");
const firstSegment = (path: string) => path.replace(/^\/+/, "").split("/")[0]!;

describe("isReservedPath", () => {
  it("reserves the product's own words, case-insensitively", () => {
    for (const word of ["home", "login", "Preview", "verify-email", "sign-in", "chat", "home/agent", "/home/tune/"]) {
      expect(isReservedPath(word)).toBe(true);
    }
  });

  it("leaves ordinary usernames free", () => {
    for (const word of ["ada", "homer", "chatty", "find-me", "home/ada"]) {
      expect(isReservedPath(word)).toBe(false);
    }
  });

  it("reserves the first segment of every route the router serves", () => {
    const segments = new Set<string>();
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.path) segments.add(firstSegment(route.path));
        walk(route.children ?? []);
      }
    };
    walk(routes);
    // The landing page, the profile itself and the not-found page are not names.
    for (const notAName of ["", ":username", "*"]) segments.delete(notAName);
    expect(segments).toContain("unsubscribe");
    expect([...segments].filter((segment) => !isReservedPath(segment))).toEqual([]);
  });

  it("reserves every file and folder the built web app serves at its top", () => {
    // web/public is copied into the build as it is; Vite adds index.html and its assets folder.
    const served = [...readdirSync(resolve(WEB, "public")), "index.html", "assets"];
    expect(served).toContain("robots.txt");
    expect(served.filter((name) => !isReservedPath(name))).toEqual([]);
  });
});
