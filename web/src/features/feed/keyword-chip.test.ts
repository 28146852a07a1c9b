import { describe, expect, it } from "vitest";
import { keywordChip } from "./feed.ts";

describe("keywordChip", () => {
  it("says through which terms a topic matched that the article never names", () => {
    const article = { via: { Kubernetes: ["kubelet", "helm"] } };
    expect(keywordChip(article, "Kubernetes")).toEqual({ label: "Kubernetes · via kubelet, helm", via: true });
    expect(keywordChip(article, "Cricket")).toEqual({ label: "Cricket", via: false });
    expect(keywordChip({}, "Kubernetes")).toEqual({ label: "Kubernetes", via: false });
  });
});
