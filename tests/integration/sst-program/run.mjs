/**
 * Runs the SST program bundled by program.ts under Pulumi's mocks (mocks.mjs), in a process of its
 * own: `node run.mjs <bundle> <out.json>`. It stands in for what the SST CLI gives the program —
 * `$cli`, the secrets' values, and the RPC server SST's components call at deploy (a function's
 * build, the region's bootstrap bucket) — and writes every resource, every build request and the
 * program's outputs to <out.json>.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [bundle, outFile] = process.argv.slice(2).map((file) => path.resolve(file));
const root = path.resolve(import.meta.dirname, "../../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "graph-sst-mocks-"));

// A function's build: the handler as asked and a stand-in bundle, zipped by SST as a real one is.
const built = path.join(scratch, "built");
fs.mkdirSync(built);
fs.writeFileSync(path.join(built, "index.mjs"), "export const handler = () => {};\n");
// The program's root: StaticSite reads the web app's build output from it after its (mocked) build command.
const programRoot = path.join(scratch, "root");
fs.mkdirSync(path.join(programRoot, "web", "dist"), { recursive: true });
fs.writeFileSync(path.join(programRoot, "web", "dist", "index.html"), "<!doctype html>\n");

const calls = [];
const answers = {
  "Runtime.Build": (args) => ({ handler: args.handler, out: built, errors: [], sourcemaps: [] }),
  "Provider.Aws.Bootstrap": () => ({
    asset: "sst-asset-mock",
    assetEcrRegistryId: "123456789012",
    assetEcrUrl: "123456789012.dkr.ecr.us-east-1.amazonaws.com/sst-asset-mock",
    state: "sst-state-mock",
    appsyncHttp: "",
    appsyncRealtime: "",
  }),
};
const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const { method, params } = JSON.parse(body);
    calls.push({ method, args: params[0] });
    const answer = answers[method];
    response.end(JSON.stringify(answer ? { result: answer(params[0]) } : { error: `rpc: can't find ${method}` }));
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

process.env.SST_SERVER = `http://127.0.0.1:${server.address().port}`;
process.env.SST_AWS_REGION = "us-east-1";
process.env.GRAPH_EMAIL_SENDER = "noreply@example.com";
process.env.GRAPH_ALARM_EMAIL = "alarms@example.com";
// `sst secret set` for the secrets that have no default (a stage cannot deploy without them).
for (const name of ["DigestSigningKey", "RealtimeTokenKey", "OAuthTokenKey"]) {
  process.env[`SST_SECRET_${name}`] = `secret-value-of-${name}`;
}
globalThis.__sstCli = {
  command: "deploy",
  rpc: process.env.SST_SERVER,
  paths: {
    home: scratch,
    root: programRoot,
    work: path.join(root, ".sst"),
    platform: path.join(root, ".sst", "platform"),
  },
  home: scratch,
  state: { version: {} },
};

// Pulumi records a stack trace for every promise it makes (to report leaks): one frame keeps a
// fifth of the run's time and still says where an error was thrown.
Error.stackTraceLimit = 1;
// An error inside an output's callback surfaces only as an unhandled rejection.
const errors = [];
process.on("unhandledRejection", (error) => errors.push(String(error?.stack ?? error)));

const started = Date.now();
const program = await import(pathToFileURL(bundle).href);
await program.runtime.disconnect();
server.close();
fs.rmSync(scratch, { recursive: true, force: true });
fs.writeFileSync(
  outFile,
  JSON.stringify({ ms: Date.now() - started, errors, calls, outputs: program.default, resources: program.resources }),
);
