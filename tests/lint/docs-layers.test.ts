import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md lists every unit of packages/core/src, one table row a unit, between the
 * `layers:start` and `layers:end` markers: | `layer` | `unit` | what it is |. The folders are the
 * truth (the folder a file sits in is its layer); this keeps the table from drifting from them.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const CORE = join(ROOT, "packages/core/src");
const DOC = join(ROOT, "docs/architecture.md");
const LAYERS = ["lib", "adapters", "modules", "workflows"] as const;

interface Row {
  line: number;
  layer: string;
  unit: string;
}

/** The table's rows: each `| `layer` | `unit` | description |` line between the markers. */
function tableRows(markdown: string): Row[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.includes("<!-- layers:start -->"));
  const end = lines.findIndex((l) => l.includes("<!-- layers:end -->"));
  if (start < 0 || end < start) throw new Error("docs/architecture.md has no layers:start … layers:end markers");
  const rows: Row[] = [];
  for (let i = start + 1; i < end; i++) {
    const match = /^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|/.exec(lines[i]!);
    if (match) rows.push({ line: i + 1, layer: match[1]!, unit: match[2]! });
  }
  return rows;
}

/** The units on disk: every folder of each layer's folder, as `layer/unit`. */
function unitsOnDisk(): Map<string, string> {
  const layerOf = new Map<string, string>();
  for (const layer of LAYERS) {
    for (const entry of readdirSync(join(CORE, layer), { withFileTypes: true })) {
      if (entry.isDirectory()) layerOf.set(`${layer}/${entry.name}`, layer);
    }
  }
  return layerOf;
}

describe("the layer table in docs/architecture.md", () => {
  const rows = tableRows(readFileSync(DOC, "utf8"));
  const onDisk = unitsOnDisk();
  const listed = new Set(rows.map((r) => `${r.layer}/${r.unit}`));

  it("has rows to check", () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it("names only the four layers", () => {
    const unknown = rows.filter((r) => !(LAYERS as readonly string[]).includes(r.layer));
    expect(unknown.map((r) => `line ${r.line}: ${r.layer}`)).toEqual([]);
  });

  it("lists each unit once", () => {
    const lineOf = new Map<string, number>();
    const repeated: string[] = [];
    for (const r of rows) {
      const unit = `${r.layer}/${r.unit}`;
      const first = lineOf.get(unit);
      if (first === undefined) lineOf.set(unit, r.line);
      else repeated.push(`line ${r.line}: ${unit} again (first on line ${first})`);
    }
    expect(repeated).toEqual([]);
  });

  it("names only folders that exist, each under its own layer", () => {
    const wrong = rows
      .filter((r) => !onDisk.has(`${r.layer}/${r.unit}`))
      .map((r) => {
        const actual = LAYERS.find((layer) => onDisk.has(`${layer}/${r.unit}`));
        return actual
          ? `line ${r.line}: ${r.unit} is listed under ${r.layer} but is in ${actual}/`
          : `line ${r.line}: ${r.layer}/${r.unit} is not a folder of packages/core/src`;
      });
    expect(wrong).toEqual([]);
  });

  it("lists every unit folder of packages/core/src", () => {
    const missing = [...onDisk.keys()].filter((unit) => !listed.has(unit));
    expect(missing.map((unit) => `${unit} is missing from the table`)).toEqual([]);
  });
});
