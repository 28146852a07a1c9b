import { describe, expect, it } from "vitest";
import { parseStripeForm } from "./form.ts";

describe("the Stripe stand-in's form bodies", () => {
  it("reads bracketed keys into objects and numbered keys into arrays", () => {
    const body =
      "mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=u1&subscription_data[metadata][userId]=u1";
    expect(parseStripeForm(body)).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_1", quantity: "1" }],
      metadata: { userId: "u1" },
      subscription_data: { metadata: { userId: "u1" } },
    });
  });
});
