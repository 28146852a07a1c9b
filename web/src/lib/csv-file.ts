/** What an uploaded export file (a `.csv`) must be before it is read. */

/** The spec's limit on an uploaded CSV: 2 MB. */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;

/** The spec's messages, word for word. */
export const CSV_MESSAGES = {
  invalid: "Please upload a valid CSV file (max 2MB).",
  droppedNotCsv: "Please drop a valid CSV file.",
} as const;

/**
 * Why a file cannot be imported, or null when it can: it must be named `.csv` and hold at most
 * 2 MB. A dropped file that is no CSV gets its own message (the spec's), as a person dropping
 * a photo by mistake should hear that it was the drop, not the size.
 */
export function csvFileProblem(file: { name: string; size: number }, how: "chosen" | "dropped"): string | null {
  const isCsv = /\.csv$/i.test(file.name.trim());
  if (!isCsv) return how === "dropped" ? CSV_MESSAGES.droppedNotCsv : CSV_MESSAGES.invalid;
  if (file.size > CSV_MAX_BYTES || file.size === 0) return CSV_MESSAGES.invalid;
  return null;
}
