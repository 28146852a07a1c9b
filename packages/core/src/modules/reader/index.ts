/**
 * The reader view: an article's page fetched through the address guard, its readable text
 * extracted (Readability on linkedom) and sanitised to an allow-list, kept per article in the blob
 * store; and the person's reading settings.
 */
export { read, readingOf, type ArticleReading, type ReadOptions } from "./read.ts";
export { extract, type FetchedPage } from "./extract.ts";
export { sanitize, type ImageHook } from "./sanitize.ts";
export { settingsOf, saveSettings, type ReaderSettings } from "./settings.ts";
export { personData } from "./person-data.ts";
