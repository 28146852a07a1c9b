import type { CatalogueFile } from "./catalogue-file.ts";
import type { CatalogueEntry } from "./catalogue-load.ts";

/**
 * The production catalogue: public feeds by subject and by country, bundled with the code
 * (written by `scripts/catalogue/from-tsv.ts`, extended by `npm run catalogue:import-opml`).
 * A source that cannot be reached is only marked failing and retried later with back-off.
 *
 * Imported when first asked for: only the ingest tick loads it, and every other function that
 * reaches the sources module would otherwise compile and build its 150 kB at start-up.
 */
export async function productionCatalogue(): Promise<readonly CatalogueEntry[]> {
  const file = (await import("./catalogue/feeds.json", { with: { type: "json" } })).default as CatalogueFile;
  return file.feeds;
}
