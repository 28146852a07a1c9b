/**
 * Builds every function of packages/functions/src/functions.ts the way SST builds a Node function
 * for a deploy (SST's pkg/runtime/node/build.go, sst 4.x): esbuild, ESM for Node, target esnext,
 * minified, kept names, a banner that gives ESM code `require`, `__filename` and `__dirname`, a
 * linked source map (SST leaves it out of the uploaded zip), and the `nodejs.install` packages
 * (sharp is always) kept external and installed beside the bundle with npm for Linux on the
 * function's architecture. Each bundle is a directory `<out>/<function name>/` as it is zipped.
 *
 *   npx tsx scripts/bundles/build.ts [--force] [out-dir] [function names…]   (npm run bundles)
 *
 * A build writes what it was made from beside the bundles (`build.json`): the same build into the
 * same directory is skipped while those sources are unchanged (`--force` builds regardless), so
 * `npm test`'s bundles tier reuses what the integration tier's bundles test built.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { arch as hostArch } from "node:os";
import { basename, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { build, type Metafile } from "esbuild";
import { type FunctionDefinition, functions as allFunctions } from "../../packages/functions/src/functions.ts";
import { ZIP_END_RECORD, zippedSize } from "./zip-size.ts";

export const ROOT = resolve(import.meta.dirname, "../..");

/** Packages SST always keeps out of a bundle, installing them when the code imports them. */
const FORCE_EXTERNAL = ["sharp", "pg-native"];

/** SST's banner for ESM bundles: CommonJS code inside them still finds require and its own path. */
const BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

/** Lambda's limits for a function's code (a zip upload), and this project's goal well below them. */
export const LIMITS = { zipped: 50 * 1024 * 1024, unzipped: 250 * 1024 * 1024 };
export const GOALS = { zipped: 15 * 1024 * 1024, unzipped: 60 * 1024 * 1024 };

export interface Bundle {
  definition: FunctionDefinition;
  /** The bundle's directory: what is zipped and uploaded. */
  dir: string;
  /** The bundle's entry file, relative to `dir` (SST's handler is `<file without .mjs>.<export>`). */
  file: string;
  exportName: string;
  /** Bytes of the uploaded files (source maps left out, as SST leaves them out) and of their zip. */
  unzippedBytes: number;
  zippedBytes: number;
  /** The platform the installed packages were installed for ("linux-arm64"), if any were. */
  installedFor?: string;
  /** What esbuild says of the bundle: its inputs (paths relative to the repository) and imports. */
  output: Metafile["outputs"][string];
}

export interface BuildOptions {
  /** Where the bundles go, one directory each; emptied first. */
  outDir: string;
  functions?: readonly FunctionDefinition[];
  /**
   * Also put this machine's own builds of the installed native packages in `<outDir>/node_modules`
   * (outside every bundle, so not counted or shipped), where Node finds them when a bundle built
   * for another CPU is loaded here.
   */
  hostPackages?: boolean;
}

const run = promisify(execFile);

export async function buildBundles(options: BuildOptions): Promise<Bundle[]> {
  const outDir = resolve(options.outDir);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const definitions = options.functions ?? allFunctions;
  // Functions that keep the same packages external are built in one esbuild run (each entry is
  // still its own bundle, as separate runs would make it; the source is parsed once).
  const groups = new Map<string, FunctionDefinition[]>();
  for (const definition of definitions) {
    // A function split into chunks is built on its own, as SST builds it: chunks shared across
    // several entries of one run would land outside each function's directory.
    const key = definition.splitting ? `split:${definition.name}` : externalsOf(definition).join(",");
    groups.set(key, [...(groups.get(key) ?? []), definition]);
  }
  const built = await Promise.all([...groups.values()].map((group) => buildGroup(group, outDir)));
  // In the list's order, whichever esbuild run built each.
  const order = (entry: Built) => definitions.indexOf(entry.definition);
  const bundles = await Promise.all(
    built
      .flat()
      .sort((a, b) => order(a) - order(b))
      .map((entry) => finish(entry)),
  );
  if (options.hostPackages) await installHostPackages(outDir, bundles);
  await writeStamp(outDir, definitions, options, bundles);
  await writeFile(
    join(outDir, "manifest.json"),
    JSON.stringify(
      bundles.map((bundle) => ({
        name: bundle.definition.name,
        handler: bundle.definition.handler,
        file: join(bundle.definition.name, bundle.file),
        export: bundle.exportName,
      })),
      null,
      2,
    ),
  );
  return bundles;
}

/** Beside a build: what it was made from (see `reusableBundles`) and the bundles it made. */
const STAMP = "build.json";

interface Stamp {
  key: string;
  /** The repository's files the bundles were built from (paths from the root). */
  sources: string[];
  bundles: (Omit<Bundle, "definition"> & { name: string })[];
}

/**
 * The bundles already in `options.outDir`, when they were built with the same options, for the
 * same functions, from sources whose every byte is unchanged (each file esbuild read, the installed
 * packages' lock, the manifests and tsconfig that steer resolution, and this builder); otherwise
 * undefined. A file added since can only be bundled through a changed import, so the sources read
 * last time are enough to tell.
 */
async function reusableBundles(options: BuildOptions): Promise<Bundle[] | undefined> {
  const outDir = resolve(options.outDir);
  const definitions = options.functions ?? allFunctions;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(await readFile(join(outDir, STAMP), "utf8")) as Stamp;
  } catch {
    return undefined;
  }
  if (stamp.key !== (await buildKey(definitions, options, stamp.sources))) return undefined;
  const bundles = stamp.bundles.map(({ name, ...rest }) => {
    const definition = definitions.find((candidate) => candidate.name === name);
    return definition && existsSync(join(rest.dir, rest.file)) ? { ...rest, definition } : undefined;
  });
  return bundles.every((bundle) => bundle !== undefined) && bundles.length === definitions.length ? bundles : undefined;
}

async function writeStamp(
  outDir: string,
  definitions: readonly FunctionDefinition[],
  options: BuildOptions,
  bundles: Bundle[],
) {
  const sources = [
    ...new Set(
      bundles.flatMap((bundle) => Object.keys(bundle.output.inputs)).filter((path) => !/^node_modules\/|:/.test(path)),
    ),
  ].sort();
  const stamp: Stamp = {
    key: await buildKey(definitions, options, sources),
    sources,
    bundles: bundles.map(({ definition, ...rest }) => ({ name: definition.name, ...rest })),
  };
  await writeFile(join(outDir, STAMP), JSON.stringify(stamp));
}

async function buildKey(definitions: readonly FunctionDefinition[], options: BuildOptions, sources: string[]) {
  const workspaces = (await readdir(join(ROOT, "packages"))).map((name) => `packages/${name}/package.json`);
  const files = [
    "scripts/bundles/build.ts",
    "scripts/bundles/zip-size.ts",
    "node_modules/.package-lock.json",
    "package.json",
    "tsconfig.json",
    ...workspaces,
    ...sources,
  ];
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ definitions, hostPackages: options.hostPackages ?? false, arch: hostArch() }));
  for (const file of files) {
    const content = await readFile(join(ROOT, file)).catch(() => "absent");
    hash.update(`\0${file}\0${createHash("sha256").update(content).digest("hex")}`);
  }
  return hash.digest("hex");
}

export function externalsOf(definition: FunctionDefinition): string[] {
  return [...new Set([...FORCE_EXTERNAL, ...(definition.install ?? [])])].sort();
}

interface Built {
  definition: FunctionDefinition;
  dir: string;
  file: string;
  output: Metafile["outputs"][string];
  /** Whether any input of the bundle imports each package, before tree-shaking (as SST decides what to install). */
  imports: Set<string>;
}

/** A function's entry file and where its bundle's file goes. */
export function entryOf(definition: FunctionDefinition) {
  const dot = definition.handler.lastIndexOf(".");
  const source = resolve(ROOT, definition.handler.slice(0, dot));
  const entry = [".ts", ".tsx", ".mts", ".js", ".mjs"].map((ext) => source + ext).find((file) => existsSync(file));
  if (!entry) throw new Error(`${definition.name}: its handler ${definition.handler} names no file`);
  // A Lambda handler has one dot, between the file's name and the export.
  const name = basename(source).replaceAll(".", "-");
  return { definition, entry, out: `${definition.name}/${name}`, file: `${name}.mjs` };
}

async function buildGroup(definitions: FunctionDefinition[], outDir: string): Promise<Built[]> {
  const entries = definitions.map(entryOf);
  // `nodejs.splitting`: ESM chunks beside the entry, loaded by dynamic imports when first used.
  const splitting = definitions.length === 1 && definitions[0]!.splitting === true;
  // Split: the function's directory is the output directory, so its chunks are inside it.
  const base = splitting ? join(outDir, definitions[0]!.name) : outDir;
  const outName = (entry: (typeof entries)[number]) => (splitting ? entry.file.replace(/\.mjs$/, "") : entry.out);
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((entry) => [outName(entry), entry.entry])),
    outdir: base,
    splitting,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    external: externalsOf(definitions[0]!),
    keepNames: true,
    bundle: true,
    metafile: true,
    sourcemap: "linked",
    write: true,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: { js: BANNER },
    minify: true,
    logLevel: "silent",
    absWorkingDir: ROOT,
  });
  return entries.map((entry) => {
    const outFile = relative(ROOT, join(base, outName(entry) + ".mjs"));
    const entryOutput = result.metafile.outputs[outFile];
    if (!entryOutput) throw new Error(`esbuild wrote no ${outFile}`);
    // A split function's code is its entry and its chunks (the run's other files): all count.
    const output = splitting
      ? {
          ...entryOutput,
          inputs: Object.assign(
            {},
            ...Object.entries(result.metafile.outputs)
              .filter(([file]) => file.endsWith(".mjs"))
              .map(([, chunk]) => chunk.inputs),
          ) as Metafile["outputs"][string]["inputs"],
        }
      : entryOutput;
    const imports = externalImports(result.metafile, relative(ROOT, entry.entry));
    return {
      definition: entry.definition,
      dir: join(outDir, entry.definition.name),
      file: entry.file,
      output,
      imports,
    };
  });
}

/**
 * The external packages any module reachable from `entry` imports, tree-shaken or not: SST reads
 * them from each function's own metafile, whose inputs are every module the build resolved.
 */
function externalImports(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const external = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imp of metafile.inputs[path]?.imports ?? []) {
      if (imp.external) external.add(imp.path);
      else pending.push(imp.path);
    }
  }
  return external;
}

async function finish({ definition, dir, file, output, imports }: Built): Promise<Bundle> {
  const install = [...(definition.install ?? [])];
  // As SST does: a force-external package the code imports is installed even when not listed.
  for (const pkg of FORCE_EXTERNAL) {
    if (!install.includes(pkg) && imports.has(pkg)) install.push(pkg);
  }
  let installedFor: string | undefined;
  let installed: string | undefined;
  if (install.length > 0) {
    installedFor = `linux-${definition.architecture}`;
    installed = await installFor(install, definition.architecture);
    await cp(join(installed, "node_modules"), join(dir, "node_modules"), { recursive: true });
    await cp(join(installed, "package.json"), join(dir, "package.json"));
  }
  const files = (await listFiles(dir)).filter((path) => !path.endsWith(".map"));
  const sizes = await Promise.all(files.map(async (path) => (await stat(path)).size));
  const own = files.filter((path) => !isInstalled(relative(dir, path)));
  return {
    definition,
    dir,
    file,
    exportName: definition.handler.slice(definition.handler.lastIndexOf(".") + 1),
    unzippedBytes: sizes.reduce((sum, size) => sum + size, 0),
    zippedBytes: (await zippedSize(dir, own)) + (installed ? await installedZippedBytes(installed) : 0),
    installedFor,
    output,
  };
}

/** The files a bundle has from its install (copied whole from the install's directory). */
const isInstalled = (path: string) => path === "package.json" || path.startsWith(`node_modules${sep}`);

/**
 * What an install's files add to a bundle's zip (their entries, without the zip's end record), as
 * copied into it: deflated once for all the bundles that copy the same install (sharp's 20 MB go
 * into ten of them).
 */
function installedZippedBytes(installed: string): Promise<number> {
  let bytes = installedZips.get(installed);
  if (!bytes) {
    bytes = listFiles(installed).then(async (files) => {
      const copied = files.filter((path) => isInstalled(relative(installed, path)) && !path.endsWith(".map"));
      return (await zippedSize(installed, copied)) - ZIP_END_RECORD;
    });
    installedZips.set(installed, bytes);
  }
  return bytes;
}
const installedZips = new Map<string, Promise<number>>();

/**
 * `npm install` of the packages at the versions this repository has, for Linux on `architecture`
 * (glibc: Lambda's Amazon Linux), as SST runs it; kept in node_modules/.cache so a second build
 * copies it instead of asking the registry again.
 */
function installFor(packages: string[], architecture: string): Promise<string> {
  const key = `${[...packages].sort().join(",")}-${architecture}`;
  let installed = installs.get(key);
  if (!installed) installs.set(key, (installed = install(packages, architecture)));
  return installed;
}

/** Installs under way or done in this process: bundles that need the same packages share one. */
const installs = new Map<string, Promise<string>>();

async function install(packages: string[], architecture: string): Promise<string> {
  const dependencies = Object.fromEntries(
    await Promise.all(
      packages.map(async (pkg) => {
        const manifest = JSON.parse(await readFile(join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as {
          version: string;
        };
        return [pkg, manifest.version] as const;
      }),
    ),
  );
  const key = `${Object.entries(dependencies)
    .map(([pkg, version]) => `${pkg.replace("/", "+")}@${version}`)
    .join(",")}-linux-${architecture}`;
  const cached = join(ROOT, "node_modules/.cache/graph-bundles", key);
  if (existsSync(join(cached, "node_modules"))) return cached;
  const work = `${cached}.${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await writeFile(join(work, "package.json"), JSON.stringify({ dependencies }));
  const cpu = architecture === "arm64" ? "arm64" : "x64";
  await run(
    "npm",
    ["install", "--force", "--os=linux", `--cpu=${cpu}`, "--libc=glibc", "--no-audit", "--no-fund", "--prefer-offline"],
    { cwd: work },
  );
  // Whole or not at all: a parallel build may have finished first, and either copy will do.
  await rename(work, cached).catch(() => rm(work, { recursive: true, force: true }));
  return cached;
}

/**
 * sharp loads its native build as `@img/sharp-<platform>-<cpu>`, looked up from the bundle's
 * node_modules up through its parents: this machine's builds go one level above the bundles.
 */
async function installHostPackages(outDir: string, bundles: Bundle[]) {
  const host = `linux-${hostArch()}`;
  if (process.platform !== "linux" || bundles.every((b) => !b.installedFor || b.installedFor === host)) return;
  const img = join(ROOT, "node_modules/@img");
  if (!existsSync(img)) return;
  for (const name of await readdir(img)) {
    if (name.endsWith(`-linux-${hostArch()}`)) {
      await cp(join(img, name), join(outDir, "node_modules/@img", name), { recursive: true });
    }
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The inputs that put the most bytes into a bundle, grouped by npm package (or by file for the project's own code). */
export function heaviestModules(bundle: Bundle, count = 5): { module: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const [path, input] of Object.entries(bundle.output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const module = match ? match[1]! : path;
    totals.set(module, (totals.get(module) ?? 0) + input.bytesInOutput);
  }
  return [...totals]
    .map(([module, bytes]) => ({ module, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** One line a bundle: its sizes against the goal and Lambda's limit. */
export function sizeReport(bundles: Bundle[]): string {
  const width = Math.max(...bundles.map((bundle) => bundle.definition.name.length));
  const lines = bundles.map((bundle) => {
    const over = bundle.zippedBytes > GOALS.zipped || bundle.unzippedBytes > GOALS.unzipped ? "  OVER GOAL" : "";
    const installed = bundle.installedFor
      ? `  (+ ${bundle.definition.install?.join(", ") ?? "sharp"} for ${bundle.installedFor})`
      : "";
    return `  ${bundle.definition.name.padEnd(width)}  ${megabytes(bundle.zippedBytes).padStart(9)} zipped  ${megabytes(bundle.unzippedBytes).padStart(9)} unzipped${installed}${over}`;
  });
  return [
    `Bundles (goal ${megabytes(GOALS.zipped)} zipped / ${megabytes(GOALS.unzipped)} unzipped; Lambda's limit ${megabytes(LIMITS.zipped)} / ${megabytes(LIMITS.unzipped)}):`,
    ...lines,
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const [out = join(ROOT, ".bundles"), ...names] = args.filter((arg) => arg !== "--force");
  const chosen = names.length > 0 ? allFunctions.filter((definition) => names.includes(definition.name)) : undefined;
  const started = performance.now();
  const options: BuildOptions = { outDir: out, functions: chosen, hostPackages: true };
  const reused = force ? undefined : await reusableBundles(options);
  const bundles = reused ?? (await buildBundles(options));
  console.log(sizeReport(bundles));
  console.log(
    `${reused ? "Reused" : "Built"} ${bundles.length} bundles in ${relative(ROOT, resolve(out)) || "."} in ${((performance.now() - started) / 1000).toFixed(1)} s${reused ? ": built from these very sources already (--force builds again)" : ""}.`,
  );
  for (const bundle of bundles) {
    console.log(
      `  ${bundle.definition.name}: ${heaviestModules(bundle)
        .map((m) => `${m.module} ${(m.bytes / 1024).toFixed(0)} kB`)
        .join(", ")}`,
    );
  }
}
