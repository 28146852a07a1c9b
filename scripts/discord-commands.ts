/**
 * Registers graph's `/graph` command (and its subcommands) with the Discord application, replacing
 * what was registered before. Run after the first deploy and whenever the command changes, with
 * the stage's secrets linked:
 *
 *   npx sst shell --stage production -- npm run discord:commands
 *
 * The local runtime registers it with its Discord stand-in at start.
 */
import { registerCommands } from "@graph/core/adapters/discord";

const registered = await registerCommands();
console.log(`registered /graph with ${registered.map((name) => `/graph ${name}`).join(", ")}`);
