import type { CatalogueFile } from "./catalogue-file.ts";
import file from "./catalogue/feeds.json" with { type: "json" };
import type { CatalogueEntry } from "./catalogue-load.ts";

/**
 * The production catalogue: public feeds by subject and by country, bundled with the code
 * (written by `scripts/catalogue/from-tsv.ts`, extended by `npm run catalogue:import-opml`).
 * A source that cannot be reached is only marked failing and retried later with back-off.
 */
export const PRODUCTION_CATALOGUE: readonly CatalogueEntry[] = (file as CatalogueFile).feeds;
