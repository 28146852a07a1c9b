import { describe, expect, it } from "vitest";
import { decodeBody } from "../../adapters/http/fetch.ts";

/** 'Café – 東京' as UTF-8 with one byte that is not UTF-8 (0xFF) in the middle. */
const withOneBadByte = Buffer.concat([
  Buffer.from("<title>Café – ", "utf8"),
  Buffer.from([0xff]),
  Buffer.from("東京</title>", "utf8"),
]);

describe("decodeBody: one invalid byte in a declared encoding", () => {
  it("keeps a charset=utf-8 body UTF-8, replacing only the bad byte", () => {
    expect(decodeBody(withOneBadByte, "application/rss+xml; charset=utf-8")).toBe("<title>Café – \uFFFD東京</title>");
  });

  it("does the same when the XML declaration or a byte-order mark says UTF-8", () => {
    const declaration = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?>'), withOneBadByte]);
    expect(decodeBody(declaration, "text/xml")).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><title>Café – \uFFFD東京</title>',
    );
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), withOneBadByte]);
    expect(decodeBody(bom)).toBe("<title>Café – \uFFFD東京</title>");
  });

  it("still reads an undeclared body that is not UTF-8 as windows-1252", () => {
    expect(decodeBody(Buffer.from("<title>résumé</title>", "latin1"))).toBe("<title>résumé</title>");
    expect(decodeBody(Buffer.from([0x3c, 0x62, 0x3e, 0x93, 0x68, 0x69, 0x94]))).toBe("<b>“hi”");
  });

  it("treats an unknown charset label as no declaration", () => {
    expect(decodeBody(Buffer.from("<title>Été</title>", "latin1"), "text/xml; charset=x-unknown")).toBe(
      "<title>Été</title>",
    );
  });
});

describe("decodeBody: a server label the bytes contradict", () => {
  it("reads a body served as UTF-8 by its own windows-1252 declaration when it is not UTF-8", () => {
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><title>caf'),
      Buffer.from([0xe9, 0x20, 0x80, 0x35]),
      Buffer.from("</title>"),
    ]);
    expect(decodeBody(body, "text/xml; charset=utf-8")).toContain("<title>café €5</title>");
  });
});
