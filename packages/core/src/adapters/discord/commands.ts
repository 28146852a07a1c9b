import { COMMAND_TEXT_MAX } from "../../modules/channels/rules.ts";
import { apiUrl, applicationId, discordClient } from "./provider.ts";

/** Application command option types (discord.com/developers/docs/interactions/application-commands). */
const SUB_COMMAND = 1;
const STRING = 3;
/** Run in servers only: graph answers in the channels it was added to. */
const GUILD = 0;
const GUILD_INSTALL = 0;

/** A subcommand's one string option, named `words` in each (the interactions endpoint reads that). */
const words = (description: string) => [
  { type: STRING, name: "words", description, required: true, max_length: COMMAND_TEXT_MAX },
];

/**
 * graph's one slash command as Discord registers it: `/graph` with a subcommand each for what
 * the interactions endpoint answers. The endpoint takes its subcommands' names from here, so a
 * subcommand is registered exactly when it is answered.
 */
export const GRAPH_COMMAND = {
  name: "graph",
  type: 1,
  description: "Your graph picks, search and topics in this channel",
  contexts: [GUILD],
  integration_types: [GUILD_INSTALL],
  options: [
    { type: SUB_COMMAND, name: "picks", description: "Your picks from graph right now" },
    { type: SUB_COMMAND, name: "search", description: "Search graph", options: words("What to look for") },
    { type: SUB_COMMAND, name: "topic", description: "Follow a topic in graph", options: words("The topic") },
    {
      type: SUB_COMMAND,
      name: "share",
      description: "Add an article to your team's feed (org)",
      options: words("The article's link"),
    },
    { type: SUB_COMMAND, name: "help", description: "What graph can do here" },
  ],
};

export const SUBCOMMAND_NAMES: readonly string[] = GRAPH_COMMAND.options.map((option) => option.name);

/** The scope an application's own client-credentials token needs to replace its commands. */
const COMMANDS_SCOPE = "applications.commands.update";

/**
 * Registers (replaces) graph's global commands with Discord: a client-credentials token for the
 * application, then `PUT /applications/{id}/commands` with `/graph`. Run once per deploy of a
 * changed command (scripts/discord-commands.ts); the local runtime runs it against its stand-in
 * at start. Answers the registered subcommands; throws with Discord's answer when refused.
 */
export async function registerCommands(fetchFrom: typeof fetch = fetch): Promise<string[]> {
  const client = discordClient();
  const granted = await fetchFrom(client.tokenEndpoint, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", scope: COMMANDS_SCOPE }),
  });
  const token = (await granted.json().catch(() => ({}))) as { access_token?: unknown };
  if (!granted.ok || typeof token.access_token !== "string")
    throw new Error(`Discord refused graph's client credentials (${granted.status})`);
  const put = await fetchFrom(apiUrl(`/applications/${applicationId()}/commands`), {
    method: "PUT",
    headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
    body: JSON.stringify([GRAPH_COMMAND]),
  });
  const answer = (await put.json().catch(() => undefined)) as unknown;
  if (!put.ok) throw new Error(`Discord refused graph's commands (${put.status}): ${JSON.stringify(answer)}`);
  const registered = (answer as Array<{ name?: string; options?: Array<{ name?: string }> }>).find(
    (command) => command.name === GRAPH_COMMAND.name,
  );
  return (registered?.options ?? []).map((option) => String(option.name));
}
