import { describe, expect, it } from "vitest";
import { tabForKey } from "./tab-keys.ts";

describe("tabForKey", () => {
  const tabs = ["posts", "users"] as const;

  it("moves right and left with wrap-around, and to the ends with Home and End", () => {
    expect(tabForKey(tabs, "posts", "ArrowRight")).toBe("users");
    expect(tabForKey(tabs, "users", "ArrowRight")).toBe("posts");
    expect(tabForKey(tabs, "posts", "ArrowLeft")).toBe("users");
    expect(tabForKey(tabs, "users", "Home")).toBe("posts");
    expect(tabForKey(tabs, "posts", "End")).toBe("users");
  });

  it("ignores every other key", () => {
    expect(tabForKey(tabs, "posts", "Enter")).toBeNull();
    expect(tabForKey(tabs, "posts", "ArrowDown")).toBeNull();
  });

  it("steps one tab at a time in a longer list", () => {
    const four = ["topics", "media", "feed", "profile"] as const;
    expect(tabForKey(four, "media", "ArrowRight")).toBe("feed");
    expect(tabForKey(four, "feed", "ArrowLeft")).toBe("media");
    expect(tabForKey(four, "topics", "ArrowLeft")).toBe("profile");
  });
});
