import { type FunctionDefinition, functionNamed } from "../packages/functions/src/functions";
import { config } from "./config";
import { email } from "./email";
import { googleOidc } from "./google";
import { discord, hackerNews, mediaCatalogues, slack, spotify, youtubeApi } from "./media";
import { secrets } from "./secrets";
import { imagesBucket, importsBucket, searchBucket, table } from "./storage";

/**
 * A function's arguments from its entry in packages/functions/src/functions.ts, the one list of
 * functions (scripts/bundles builds and checks the same list). Links are named there as the code
 * reads them; the resources every file can see are here, and the realtime API and the queues,
 * defined in the files that also add functions, are passed in by those files.
 */
export function functionArgs(name: string, own: Record<string, unknown> = {}): sst.aws.FunctionArgs {
  const definition: FunctionDefinition = functionNamed(name);
  const available: Record<string, unknown> = { ...shared(), ...own };
  return {
    handler: definition.handler,
    link: definition.link.map(
      (link) => available[link] ?? failed(`${definition.name} links ${link}, which infra/ does not define`),
    ) as sst.aws.FunctionArgs["link"],
    timeout: definition.timeout,
    ...(definition.memory ? { memory: definition.memory } : {}),
    ...(definition.install || definition.splitting
      ? {
          nodejs: {
            ...(definition.install ? { install: [...definition.install] } : {}),
            ...(definition.splitting ? { splitting: true } : {}),
          },
        }
      : {}),
    architecture: definition.architecture,
  };
}

function shared(): Record<string, unknown> {
  return {
    Table: table,
    Search: searchBucket,
    Images: imagesBucket,
    Imports: importsBucket,
    Email: email,
    Config: config,
    GoogleOidc: googleOidc,
    MediaCatalogues: mediaCatalogues,
    Spotify: spotify,
    YouTubeApi: youtubeApi,
    HackerNews: hackerNews,
    Slack: slack,
    Discord: discord,
    ...secrets,
  };
}

function failed(message: string): never {
  throw new Error(message);
}
