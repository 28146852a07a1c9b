import { createPublicKey, verify, type KeyObject } from "node:crypto";
import * as z from "zod";
import { COMMAND_TEXT_MAX } from "../../modules/channels/rules.ts";
import { SUBCOMMAND_NAMES } from "./commands.ts";
import { messageOf, type DiscordAnswer } from "./message.ts";
import { applicationId, publicKey } from "./provider.ts";
import { followUpUrl } from "./webhook.ts";
import { log } from "../../lib/observability/index.ts";

/** Interaction types and callback types graph answers (discord.com/developers/docs/interactions/receiving-and-responding). */
const PING = 1;
const APPLICATION_COMMAND = 2;
const PONG = 1;
const CHANNEL_MESSAGE_WITH_SOURCE = 4;
const DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5;
/** Only the person who ran the command sees the message. */
const EPHEMERAL = 64;

/**
 * Discord signs when it sent the request; one signed longer ago than this is refused, so a
 * request seen once (in a log, by a proxy) cannot be played again later.
 */
const MAX_AGE_S = 5 * 60;

/** A command for the channels module: who ran what, in which server and channel. */
export interface DiscordCommand {
  kind: "discord";
  workspaceId: string;
  channelId: string;
  userExternalId: string;
  /** The sender's name, for a share ("<name> shared …"). */
  userName?: string;
  text: string;
}

export type HeaderSource = Headers | Record<string, string | undefined>;
const headerOf = (headers: HeaderSource, name: string) =>
  headers instanceof Headers
    ? (headers.get(name) ?? undefined)
    : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Ed25519's public key in DER (SPKI) is this prefix and the 32 raw bytes Discord shows as hex. */
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
let cachedKey: { hex: string; key: KeyObject } | undefined;
function keyOf(hex: string): KeyObject | undefined {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return undefined;
  if (cachedKey?.hex !== hex)
    cachedKey = {
      hex,
      key: createPublicKey({
        key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, "hex")]),
        format: "der",
        type: "spki",
      }),
    };
  return cachedKey.key;
}

/**
 * Whether the request is Discord's: `X-Signature-Ed25519` is the application's key's Ed25519
 * signature of `X-Signature-Timestamp` followed by the raw body, and that time is recent.
 * Discord sends requests with bad signatures on purpose when the endpoint is set, and expects them refused.
 */
export function verifyInteraction(
  rawBody: string,
  headers: HeaderSource,
  options: { publicKey?: string; now?: () => number } = {},
): boolean {
  const signature = headerOf(headers, "x-signature-ed25519");
  const timestamp = headerOf(headers, "x-signature-timestamp");
  const key = keyOf(options.publicKey ?? publicKey());
  if (!key || !signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return false;
  const nowS = (options.now ?? Date.now)() / 1000;
  if (Math.abs(nowS - Number(timestamp)) > MAX_AGE_S) return false;
  return verify(null, Buffer.from(timestamp + rawBody), key, Buffer.from(signature, "hex"));
}

const Id = z.string().regex(/^\d{15,21}$/);
const Option = z.object({ name: z.string().max(100), type: z.number(), value: z.unknown().optional() });
const Interaction = z.object({
  type: z.number(),
  token: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,500}$/)
    .optional(),
  application_id: Id.optional(),
  guild_id: Id.optional(),
  channel_id: Id.optional(),
  member: z.object({ user: z.object({ id: Id, username: z.string().max(100).optional() }) }).optional(),
  user: z.object({ id: Id, username: z.string().max(100).optional() }).optional(),
  data: z
    .object({
      name: z.string().max(100),
      options: z
        .array(Option.extend({ options: z.array(Option).max(25).optional() }))
        .max(25)
        .optional(),
    })
    .optional(),
});
type Interaction = z.infer<typeof Interaction>;

const SUBCOMMANDS = new Set(SUBCOMMAND_NAMES);
const SUB_COMMAND = 1;
const STRING = 3;
/** What a command's words are held to (Discord allows 6000 in an option; graph reads this many). */
const WORDS_MAX = COMMAND_TEXT_MAX;

/**
 * `/graph <subcommand> [words]` as the text the channels module answers ("search rust async");
 * `help` for anything else. Undefined outside a server (a direct message has no channel graph
 * was added to).
 */
export function commandOf(interaction: Interaction): DiscordCommand | undefined {
  const userId = interaction.member?.user.id ?? interaction.user?.id;
  if (!interaction.guild_id || !interaction.channel_id || !userId) return undefined;
  const sub = interaction.data?.options?.find((o) => o.type === SUB_COMMAND);
  const name = interaction.data?.name === "graph" && sub && SUBCOMMANDS.has(sub.name) ? sub.name : "help";
  const words = sub?.options?.find((o) => o.type === STRING && typeof o.value === "string")?.value as
    string | undefined;
  const text = name === "help" ? "help" : `${name} ${(words ?? "").trim().slice(0, WORDS_MAX)}`.trim();
  const userName = interaction.member?.user.username ?? interaction.user?.username;
  return {
    kind: "discord",
    workspaceId: interaction.guild_id,
    channelId: interaction.channel_id,
    userExternalId: userId,
    ...(name === "share" && userName ? { userName } : {}),
    text,
  };
}

const ONLY_IN_SERVERS = "graph answers /graph in a server's channels: add graph to a server from graph's settings.";
const NOT_NOW = "graph could not answer just now. Try again in a minute.";

export interface InteractionOptions {
  /**
   * Records a valid request's signature as used: false when it was seen before (a replay,
   * refused as a bad signature is). By default nothing is recorded.
   */
  firstUse?: (signature: string) => Promise<boolean>;
  publicKey?: string;
  now?: () => number;
}

/**
 * What graph says to a command: the answer itself, or that the answer will replace the deferred
 * response ("graph is thinking…") at the follow-up address, from a queue's job: a host may stop
 * all work the moment it has answered, so nothing is left running here.
 */
export type InteractionAnswer = DiscordAnswer | { deferred: true };

export interface InteractionResponse {
  status: 200 | 400 | 401;
  body: unknown;
}

const respond = (answer: DiscordAnswer, flags = 0): InteractionResponse => ({
  status: 200,
  body: { type: CHANNEL_MESSAGE_WITH_SOURCE, data: { ...messageOf(answer), ...(flags ? { flags } : {}) } },
});

/**
 * Answers one request to the interactions endpoint: 401 unless Discord signed it (and the
 * signature is new), PONG to a PING, and for `/graph …` what `answer` says: a message (type 4),
 * or a deferred response (type 5) when `answer` handed the answer on to the follow-up address it
 * was given (undefined when the interaction has none). An answer that fails says so to the
 * person who asked, and only to them.
 */
export async function handleInteraction(
  rawBody: string,
  headers: HeaderSource,
  answer: (command: DiscordCommand, followUp: string | undefined) => Promise<InteractionAnswer>,
  options: InteractionOptions = {},
): Promise<InteractionResponse> {
  const refused: InteractionResponse = { status: 401, body: { error: "invalid request signature" } };
  if (!verifyInteraction(rawBody, headers, options)) return refused;
  if (options.firstUse && !(await options.firstUse(headerOf(headers, "x-signature-ed25519")!))) return refused;
  let parsed: ReturnType<typeof Interaction.safeParse>;
  try {
    parsed = Interaction.safeParse(JSON.parse(rawBody));
  } catch {
    return { status: 400, body: { error: "the body is not JSON" } };
  }
  if (!parsed.success) return { status: 400, body: { error: "not an interaction" } };
  const interaction = parsed.data;
  if (interaction.type === PING) return { status: 200, body: { type: PONG } };
  if (interaction.type !== APPLICATION_COMMAND) return { status: 400, body: { error: "unsupported interaction type" } };
  const command = commandOf(interaction);
  if (!command) return respond(textMessageAnswer(ONLY_IN_SERVERS), EPHEMERAL);

  const app = applicationId() || interaction.application_id;
  const followUp = app && interaction.token ? followUpUrl(app, interaction.token) : undefined;
  let answered: InteractionAnswer;
  try {
    answered = await answer(command, followUp);
  } catch (error) {
    log.warn("discord: a command failed", { reason: error instanceof Error ? error.name : "unknown" });
    return respond(textMessageAnswer(NOT_NOW), EPHEMERAL);
  }
  if ("deferred" in answered) return { status: 200, body: { type: DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE } };
  return respond(answered);
}

const textMessageAnswer = (text: string): DiscordAnswer => ({ text });
