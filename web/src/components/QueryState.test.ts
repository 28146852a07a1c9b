import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { QueryState } from "./QueryState.tsx";

type Query<T> = { data: T | undefined; isError: boolean; refetch: () => Promise<never> };
const query = <T>(data: T | undefined, isError = false): Query<T> => ({
  data,
  isError,
  refetch: vi.fn() as unknown as () => Promise<never>,
});
const list = (items: string[]) => createElement("ul", null, ...items.map((i) => createElement("li", { key: i }, i)));
const render = <T>(
  props: { query: Query<T>; keepDataOnError?: boolean; empty?: string; loading?: string },
  show: (data: T) => ReturnType<typeof list>,
) =>
  renderToStaticMarkup(
    createElement(QueryState<T>, {
      what: "your articles",
      ...props,
      query: props.query as never,
      children: show,
    }),
  );

describe("a query's state", () => {
  it("says it is loading until the first answer", () => {
    expect(render({ query: query<string[]>(undefined) }, list)).toBe('<p class="loading" role="status">loading...</p>');
    expect(render({ query: query<string[]>(undefined), loading: "loading your articles..." }, list)).toContain(
      "loading your articles...",
    );
  });

  it("shows the answer", () => {
    expect(render({ query: query(["a", "b"]) }, list)).toBe("<ul><li>a</li><li>b</li></ul>");
  });

  it("shows the empty state for an empty list, and the list itself when none is given", () => {
    expect(render({ query: query<string[]>([]), empty: "nothing yet" }, list)).toBe("nothing yet");
    expect(render({ query: query<string[]>([]) }, list)).toBe("<ul></ul>");
  });

  it("offers to try again when the read failed", () => {
    const html = render({ query: query<string[]>(undefined, true) }, list);
    expect(html).toContain('<div class="tune-error" role="alert"><p>couldn&#x27;t load your articles.</p>');
    expect(html).toContain("try again");
  });

  it("lets a failed re-read replace the answer, unless a form over it must be kept", () => {
    expect(render({ query: query(["a"], true) }, list)).toContain("tune-error");
    expect(render({ query: query(["a"], true), keepDataOnError: true }, list)).toBe("<ul><li>a</li></ul>");
  });
});
