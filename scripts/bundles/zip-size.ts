import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { promisify } from "node:util";
import { deflateRaw } from "node:zlib";

const deflate = promisify(deflateRaw);

/** A zip's fixed bytes: each entry's local header (30) and central directory record (46), and the end record (22). */
const LOCAL_HEADER = 30;
const CENTRAL_RECORD = 46;
export const ZIP_END_RECORD = 22;

/**
 * The size of the zip Lambda would be given for these files under `dir`, without writing it: each
 * file deflated (or stored, when deflating does not shrink it, as zip tools do) plus the headers.
 */
export async function zippedSize(dir: string, files: string[]): Promise<number> {
  const entries = await Promise.all(
    files.map(async (file) => {
      const name = Buffer.byteLength(relative(dir, file));
      const data = await readFile(file);
      const compressed = (await deflate(data)).length;
      return LOCAL_HEADER + CENTRAL_RECORD + 2 * name + Math.min(compressed, data.length);
    }),
  );
  return entries.reduce((sum, size) => sum + size, ZIP_END_RECORD);
}
