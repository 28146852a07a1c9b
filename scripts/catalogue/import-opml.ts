/**
 * Adds the feeds of an OPML file to the production catalogue's data file and says what it added,
 * what was there already and what it refused (and why):
 *
 *   npm run catalogue:import-opml -- subscriptions.opml [--subject Science] [--country France]
 *
 * Without --subject, a feed's subject is the outline it sits in (its category). The sources follow
 * at the next deploy (the catalogue is loaded when its content changes).
 */
import { readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import type { CatalogueFile } from "../../packages/core/src/modules/sources/catalogue-file.ts";
import { importOpml } from "../../packages/core/src/modules/sources/catalogue-import.ts";
import { MAX_OPML_BYTES, OpmlError } from "../../packages/core/src/lib/syndication/opml.ts";
import { CATALOGUE_PATH, writeCatalogue } from "./from-tsv.ts";

const usage = "usage: npm run catalogue:import-opml -- file.opml [--subject S] [--country C] [--dry-run]";
let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { subject: { type: "string" }, country: { type: "string" }, "dry-run": { type: "boolean" } },
  });
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const path = args.positionals[0];
if (!path || args.positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
let size: number;
try {
  size = statSync(path).size;
} catch (error) {
  console.error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  process.exit(1);
}
if (size > MAX_OPML_BYTES) {
  console.error(`${path} is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB: not read`);
  process.exit(1);
}

const file = JSON.parse(readFileSync(CATALOGUE_PATH, "utf8")) as CatalogueFile;
let report: ReturnType<typeof importOpml>;
try {
  report = importOpml(file, readFileSync(path, "utf8"), { subject: args.values.subject, country: args.values.country });
} catch (error) {
  if (!(error instanceof OpmlError)) throw error;
  console.error(`${path}: ${error.message}`);
  process.exit(1);
}
for (const feed of report.added)
  console.log(`added    ${feed.feedUrl}  ${feed.name} [${feed.subject}, ${feed.language}]`);
for (const feed of report.already) console.log(`already  ${feed.feedUrl}  ${feed.name} (${feed.sourceId})`);
for (const feed of report.refused)
  console.log(`refused  ${feed.xmlUrl || "(no address)"}  ${feed.name}: ${feed.reason}`);
console.log(`${report.added.length} added, ${report.already.length} already there, ${report.refused.length} refused`);
if (args.values["dry-run"]) console.log("dry run: the catalogue was not changed");
else if (report.added.length > 0) {
  writeCatalogue(report.file);
  console.log(`wrote ${report.file.feeds.length} feeds to ${CATALOGUE_PATH.pathname}`);
}
