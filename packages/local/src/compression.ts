import { stat, readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

/** Smaller files gain less from compression than the encoding header costs. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

const FILE_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

/** Text formats compress well; images other than SVG and fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "application/javascript" ||
    type === "application/json" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "image/svg+xml"
  );
}

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli (smaller) before gzip,
 * never one the client refused with `q=0`, and none when it names neither.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const candidates = (["br", "gzip"] as const).filter((e) => weightOf(e) > 0);
  // Highest weight wins; on a tie the order above (Brotli first) decides.
  return candidates.sort((a, b) => weightOf(b) - weightOf(a))[0];
}

/**
 * Encoded copies of the app's files, made once per file version: the build writes `.br` and
 * `.gz` siblings (web/vite-precompress.ts) and those are read as they are; a file without one
 * is compressed on first request and kept in memory. The built app is a few dozen files, so
 * keeping one copy per file and encoding is bounded by the build itself.
 */
export class EncodedFiles {
  private readonly cache = new Map<string, { version: string; body: Promise<Buffer> }>();

  /** The file's bytes in `encoding`; `version` (size and mtime) says when a cached copy is stale. */
  get(file: string, version: string, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}:${file}`;
    const cached = this.cache.get(key);
    if (cached?.version === version) return cached.body;
    const body = this.encode(file, encoding);
    this.cache.set(key, { version, body });
    // A failed read must not stay cached: the next request tries again.
    body.catch(() => this.cache.delete(key));
    return body;
  }

  private async encode(file: string, encoding: Encoding): Promise<Buffer> {
    const sibling = `${file}${FILE_SUFFIX[encoding]}`;
    const [original, precompressed] = await Promise.all([stat(file), stat(sibling).catch(() => undefined)]);
    // A sibling older than its file belongs to an earlier build.
    if (precompressed?.isFile() && precompressed.mtimeMs >= original.mtimeMs) return readFile(sibling);
    return compressors[encoding](await readFile(file));
  }
}
