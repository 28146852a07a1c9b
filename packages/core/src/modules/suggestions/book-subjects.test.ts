import { describe, expect, it } from "vitest";
import { subjectTopic, topicsFromBooks } from "./book-subjects.ts";

describe("subjectTopic", () => {
  it("keeps a real subject as a topic", () => {
    expect(subjectTopic("Science fiction")).toBe("Science Fiction");
    expect(subjectTopic("ecology")).toBe("Ecology");
  });

  it("keeps the first telling part of a library heading", () => {
    expect(subjectTopic("Science fiction, American")).toBe("Science Fiction");
    expect(subjectTopic("Fiction, science fiction, general")).toBe("Science Fiction");
    expect(subjectTopic("Women -- Fiction")).toBe("Women");
    expect(subjectTopic("New York (N.Y.) -- Fiction")).toBe("New York");
    expect(subjectTopic("FICTION / Science Fiction / General")).toBe("Science Fiction");
  });

  it("drops Open Library's shelf and format notes, tags and generic words", () => {
    for (const noise of [
      "Fiction",
      "Accessible book",
      "Protected DAISY",
      "In library",
      "Large type books",
      "Fiction, general",
      "nyt:hardcover-fiction=2010-05-30",
      "collectionID:classics",
      "Reading Level-Grade 11",
      "1990",
      "",
      "  ",
    ]) {
      expect(subjectTopic(noise), noise).toBeUndefined();
    }
  });
});

describe("topicsFromBooks", () => {
  it("names each topic once, the ones more books share first, with the newest book it came from", () => {
    const topics = topicsFromBooks([
      { subject: "Deserts", title: "Dune" },
      { subject: "Ecology", title: "Dune" },
      { subject: "Fiction", title: "Dune" },
      { subject: "Ecology", title: "Silent Spring" },
      { subject: "ecology", title: "Silent Spring" },
      { subject: "Pesticides", title: "Silent Spring" },
    ]);
    expect(topics).toEqual([
      { topic: "Ecology", why: "from your books: Dune" },
      { topic: "Deserts", why: "from your books: Dune" },
      { topic: "Pesticides", why: "from your books: Silent Spring" },
    ]);
  });
});
