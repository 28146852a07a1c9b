import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "@graph/core/modules/images/rules";
import { batches } from "../../lib/batches.ts";
import { choiceProblem } from "./photo-upload.ts";

const file = (name: string, type = "image/jpeg", size = 1000) => ({ name, type, size });

describe("checking chosen photos", () => {
  it("answers the spec's messages", () => {
    expect(choiceProblem([file("a.jpg")], 0, "")).toBe("User ID is required to upload images.");
    expect(choiceProblem([], 0, "u1")).toBe("No files to upload.");
    expect(choiceProblem([file("big.png", "image/png", 5 * 1024 * 1024 + 1)], 0, "u1")).toBe(
      "big.png is too large. Max file size is 5MB.",
    );
    expect(choiceProblem([file("a.jpg"), file("b.jpg")], 49, "u1")).toBe("You can only add 50 photos in total.");
    expect(choiceProblem([file("x.svg", "image/svg+xml")], 0, "u1")).toBe(
      "x.svg is not a JPEG, PNG, WebP or GIF image.",
    );
  });

  it("accepts the four types up to 5 MB and 50 photos", () => {
    const four = ["image/jpeg", "image/png", "image/webp", "image/gif"].map((t, i) =>
      file(`f${i}`, t, 5 * 1024 * 1024),
    );
    expect(choiceProblem(four, 46, "u1")).toBeNull();
  });

  it("sends ten at a time", () => {
    expect(
      batches(
        Array.from({ length: 23 }, (_, i) => i),
        IMAGE_LIMITS.perRequest,
      ).map((b) => b.length),
    ).toEqual([10, 10, 3]);
  });
});
