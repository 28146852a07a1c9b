import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Section } from "./Section.tsx";

type Props = Parameters<typeof Section>[0];
const render = (props: Omit<Props, "children">, body = "body") =>
  renderToStaticMarkup(createElement(Section, { ...props, children: createElement("p", null, body) }));

describe("a settings section", () => {
  it("is a section named by its heading", () => {
    expect(render({ title: "contact", headingId: "h", testId: "profile-contacts" })).toBe(
      '<section class="tune-section" aria-labelledby="h" data-testid="profile-contacts">' +
        '<h2 id="h" class="tune-section__title">contact</h2><p>body</p></section>',
    );
  });

  it("names itself by a made-up heading id when none is given", () => {
    const html = render({ title: "aims" });
    const id = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<h2 id="${id}" class="tune-section__title">aims</h2>`);
  });

  it("takes a lower heading, more classes and a count after the title", () => {
    const html = render({ title: "photos ", level: 3, count: "2/50", className: "profile-photos", headingId: "h" });
    expect(html).toContain('<section class="tune-section profile-photos" aria-labelledby="h">');
    expect(html).toContain(
      '<h3 id="h" class="tune-section__title">photos <span class="tune-section__count">2/50</span></h3>',
    );
  });

  it("shows no count when there is none, but shows a zero", () => {
    expect(render({ title: "t", headingId: "h" })).not.toContain("tune-section__count");
    expect(render({ title: "t", headingId: "h", count: 0 })).toContain('<span class="tune-section__count">0</span>');
  });

  it("puts an action beside the title in a row of its own", () => {
    const html = render({
      title: "suggestions",
      headingId: "h",
      headClassName: "head",
      action: createElement("button", { type: "button" }, "refresh"),
    });
    expect(html).toContain(
      '<div class="head"><h2 id="h" class="tune-section__title">suggestions</h2><button type="button">refresh</button></div><p>body</p>',
    );
  });
});
