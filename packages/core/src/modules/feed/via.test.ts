import { describe, expect, it } from "vitest";
import type { Posting } from "../articles/index.ts";
import type { Topic } from "../topics/index.ts";
import { eligible, keywordsOf, RELATED_FACTOR, scoreCandidates, spelledVia, viaOf } from "./scoring.ts";

const NOW = Date.UTC(2026, 10, 25, 12);
const topic = (name: string): Topic => ({
  userId: "u",
  topicId: `t-${name}`,
  topic: name,
  phrase: name.toLowerCase(),
  isSupertag: false,
  createdAt: 0,
});
const posting = (articleId: string, phrase: string, facts: Partial<Posting> = {}): Posting => ({
  phrase,
  articleId,
  sourceId: "src",
  publishedAt: NOW,
  inTitle: false,
  titleCount: 0,
  bodyCount: 1,
  ...facts,
});

describe("related matches in the feed", () => {
  const topics = [topic("Kubernetes"), topic("Cricket")];
  const rarity = new Map([
    ["kubernetes", 0.5],
    ["cricket", 0.5],
  ]);
  const candidates = scoreCandidates(
    [
      posting("named", "kubernetes"),
      posting("related", "kubernetes", { via: ["kubelet", "helm"], titleCount: 0, bodyCount: 0 }),
      posting("both", "cricket", { inTitle: true, titleCount: 1 }),
      posting("both", "kubernetes", { via: ["pod", "etcd"], titleCount: 0, bodyCount: 0 }),
    ],
    topics,
    rarity,
    NOW,
    7 * 24 * 3_600_000,
  );
  const byId = (id: string) => candidates.find((c) => c.articleId === id)!;

  it("scores a match through related terms below a match by name, by a clear factor", () => {
    expect(byId("related").score / byId("named").score).toBeCloseTo(RELATED_FACTOR);
    expect(eligible(candidates, () => false).map((c) => c.articleId)).toEqual(["both", "named", "related"]);
  });

  it("says which topics matched through which terms", () => {
    expect(viaOf(byId("named"))).toEqual({});
    expect(viaOf(byId("related"))).toEqual({ via: [{ topic: "Kubernetes", terms: ["kubelet", "helm"] }] });
    expect(keywordsOf(byId("both"))).toEqual(["Cricket", "Kubernetes"]);
    expect(viaOf(byId("both"))).toEqual({ via: [{ topic: "Kubernetes", terms: ["pod", "etcd"] }] });
  });
});

describe("the terms a chip names", () => {
  const article = {
    title: "Helm charts and pods",
    summary: "The kubelet restarted the pods; sidecars came back.",
    language: "en",
  };

  it("are spelt as the article writes them, not as they were folded for matching", () => {
    const found = { via: [{ topic: "Kubernetes", terms: ["pod", "chart", "kubelet", "sidecar"] }] };
    expect(spelledVia(found, article).via).toEqual([
      { topic: "Kubernetes", terms: ["pods", "charts", "kubelet", "sidecars"] },
    ]);
  });

  it("keep a term the article does not hold as a word, and leave a pick without related terms alone", () => {
    expect(spelledVia({ via: [{ topic: "K", terms: ["etcd"] }] }, article).via).toEqual([
      { topic: "K", terms: ["etcd"] },
    ]);
    expect(spelledVia({}, article)).toEqual({});
  });
});
