import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, type FieldControlProps } from "./Field.tsx";

const input = (control: FieldControlProps) => createElement("input", control);
const render = (props: Omit<Parameters<typeof Field>[0], "children">) =>
  renderToStaticMarkup(createElement(Field, { ...props, children: input }));

describe("a labelled field", () => {
  it("labels its control by id, and says nothing more when there is nothing to say", () => {
    expect(render({ label: "email", id: "signup-email" })).toBe(
      '<div class="field"><label for="signup-email">email</label><input id="signup-email"/></div>',
    );
  });

  it("makes up an id when none is given, and the label still names the control", () => {
    const html = render({ label: "your feedback" });
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}">`);
  });

  it("describes the control by its hint", () => {
    const html = render({ label: "topics", id: "t", hint: "comma-separated.", labelClassName: "step" });
    expect(html).toContain('<label for="t" class="step">topics</label>');
    expect(html).toContain('<input id="t" aria-describedby="t-hint"/>');
    expect(html).toContain('<p id="t-hint" class="fine-print">comma-separated.</p>');
  });

  it("marks the control invalid and describes it by the error, after the hint", () => {
    const html = render({
      label: "email",
      id: "e",
      hint: "the one you signed up with",
      error: "not an email",
      errorTestId: "err",
    });
    expect(html).toContain('<input id="e" aria-describedby="e-hint e-error" aria-invalid="true"/>');
    expect(html).toContain('<p id="e-error" class="field__error" data-testid="err">not an email</p>');
  });

  it("shows no error for an empty one", () => {
    const html = render({ label: "email", id: "e", error: null });
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("field__error");
  });
});
