import { describe, expect, it } from "vitest";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Topic suggestions from the books a person adds: the books' catalogue subjects, folded to
 * topics, each saying which book it came from, merged into what the settings page is suggested —
 * never a topic the person follows or skipped or the page leaves out, never a shelf note.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (person: Person) => api.client({ cookie: person.cookie });

let ids = 0;
async function addBook(person: Person, title: string, subjects: string[]) {
  const response = await as(person).books.add_book.$post({
    json: {
      id: `OL${Date.now() % 1_000_000}${++ids}W`,
      title,
      authors: ["Frank Herbert"],
      isbn: null,
      publication_date: "1965",
      cover_image_url: null,
      rating: 5,
      notes: "",
      subjects,
    },
  });
  expect(response.status).toBe(201);
}

async function suggested(person: Person, json: { excludeIds?: string[]; limit?: number } = {}) {
  const response = await as(person).gpt.similar_topics.$post({ json: { limit: 50, ...json } });
  expect(response.status).toBe(200);
  return (await response.json()).similarTopics;
}
const fromBooks = (list: Array<{ topic: string; why: string }>) =>
  list.filter((s) => s.why.startsWith("from your books:")).map((s) => [s.topic, s.why]);

describe("topic suggestions from books", () => {
  it("suggests the subjects of a book added, saying which book, without shelf notes", async () => {
    const person = await signedIn(api);
    expect(fromBooks(await suggested(person))).toEqual([]);
    await addBook(person, "Dune", [
      "Science fiction, American",
      "Accessible book",
      "Protected DAISY",
      "Fiction",
      "Ecology",
      "Arrakis (Imaginary place)",
      "nyt:mass_market_paperback=2021-09-26",
    ]);
    expect(fromBooks(await suggested(person))).toEqual([
      ["Science Fiction", "from your books: Dune"],
      ["Ecology", "from your books: Dune"],
      ["Arrakis", "from your books: Dune"],
    ]);
  });

  it("never suggests a topic the person follows, skipped or the page leaves out", async () => {
    const person = await signedIn(api);
    await addBook(person, "Silent Spring", ["Pesticides", "Ecology", "Birds", "Nature conservation"]);
    const first = await suggested(person);
    const idOf = (topic: string) => first.find((s) => s.topic === topic)!.id;
    expect(fromBooks(first).map(([topic]) => topic)).toEqual(["Pesticides", "Ecology", "Birds", "Nature Conservation"]);

    expect((await as(person).gpt.to_db.$post({ json: { keyTopicsArray: ["ecology"] } })).status).toBe(200);
    const skip = await as(person).gpt.skip_topic.$post({ json: { topicId: idOf("Birds"), topic: "Birds" } });
    expect(skip.status).toBe(200);
    const later = await suggested(person, { excludeIds: [idOf("Pesticides")] });
    expect(fromBooks(later).map(([topic]) => topic)).toEqual(["Nature Conservation"]);
  });

  it("counts a subject more of the person's books share first, naming the newest of them", async () => {
    const person = await signedIn(api);
    await addBook(person, "The Hobbit", ["Fantasy fiction", "Dragons"]);
    await addBook(person, "A Wizard of Earthsea", ["Wizards", "Fantasy fiction", "Dragons"]);
    await addBook(person, "Neuromancer", ["Cyberpunk"]);
    expect(fromBooks(await suggested(person))).toEqual([
      ["Fantasy Fiction", "from your books: A Wizard of Earthsea"],
      ["Dragons", "from your books: A Wizard of Earthsea"],
      ["Cyberpunk", "from your books: Neuromancer"],
      ["Wizards", "from your books: A Wizard of Earthsea"],
    ]);
  });
});
