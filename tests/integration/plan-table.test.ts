import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import { PLAN_LIMITS, PLANS, type Plan } from "@graph/core/lib/plans";
import * as Chat from "@graph/core/modules/chat";
import { BOT_MESSAGES, HELP_TEXT } from "@graph/core/modules/chatbot";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * The spec's plan table, walked cell by cell through the API for free, pro and org: what a plan
 * includes works, what it lacks is refused on the server (403 `plan_required` with the plan that
 * has it, or the cell's own refusal), and a downgrade and an upgrade again lose nothing. The
 * cells' finer rules have their own files; this one holds every cell true at once.
 */
const api = useTestApi();

async function personOn(plan: Plan) {
  const person = await signedIn(api);
  await setPlan(person.userId, plan);
  return { ...person, client: api.client({ cookie: person.cookie }) };
}
type Person = Awaited<ReturnType<typeof personOn>>;
const setPlan = (userId: string, plan: Plan) => UserEntity.patch({ userId }).set({ plan }).go();

/** Every plan_required refusal names the first plan with the feature and the upgrade page. */
async function expectPlanRequired(
  response: Response | { status: number; json(): Promise<unknown> },
  feature: string,
  plan: Plan = "pro",
) {
  expect(response.status).toBe(403);
  expect(await errorOf(response)).toMatchObject({ code: "plan_required", feature, plan, upgrade: "/home/upgrade" });
}

describe.each(PLANS)("the %s plan", (plan) => {
  const limits = PLAN_LIMITS[plan];

  it("refreshes the feed as often as the table says, by hand only where it says", async () => {
    const person = await personOn(plan);
    const feed = await person.client.rss.articles.$get({ query: {} });
    expect(feed.status).toBe(200);
    expect(await feed.json()).toMatchObject({ plan, refreshesPerDay: limits.refreshesPerDay });
    const manual = await person.client.rss.articles.$get({ query: { type: "manual" } });
    if (limits.manualRefresh) expect(manual.status).not.toBe(403);
    else {
      expect(manual.status).toBe(403);
      expect((await errorOf(manual)).code).toBe("not_in_plan");
    }
  });

  it("answers in chat with the bot only where the plan includes it", async () => {
    const person = await personOn(plan);
    const { id } = await (await person.client.messages["initiate-bot-chat"].$post()).json();
    await Chat.send({ userId: person.userId, conversationId: id, content: "help", clientId: crypto.randomUUID() });
    const page = await person.client.messages.conversations[":id"].messages.$get({ param: { id }, query: {} });
    const answers = (await page.json()).messages.filter((m) => m.senderId === Chat.BOT_USER_ID).map((m) => m.content);
    const site = Resource.Config.siteUrl.replace(/\/+$/, "");
    expect(answers).toEqual([
      limits.includes.chatBot ? HELP_TEXT : BOT_MESSAGES.planRequired(`${site}/home/upgrade`, "pro"),
    ]);
  });
});

describe.each(PLANS)("the %s plan's tumble-word lists", (plan) => {
  it("gives one built-in list on free and the themed lists on pro and org", async () => {
    const person = await personOn(plan);
    const { lists } = await (await person.client.tumble.lists.$get()).json();
    const included = lists.filter((l) => l.included).map((l) => l.id);
    if (PLAN_LIMITS[plan].includes.themedLists)
      expect(included).toEqual(expect.arrayContaining(["builtin", "science", "games"]));
    else expect(included).toEqual(["builtin"]);
    expect((await person.client.tumble.word.$get({ query: { list: "builtin" } })).status).toBe(200);
    const themed = await person.client.tumble.word.$get({ query: { list: "science" } });
    if (PLAN_LIMITS[plan].includes.themedLists) expect(themed.status).toBe(200);
    else await expectPlanRequired(themed, "themedLists");
  });
});

describe.each(PLANS)("the %s plan's agent fetches", (plan) => {
  it("offers the table's agent fetches a day", async () => {
    const person = await personOn(plan);
    const { fetches } = await (await person.client.agent.searches.$get()).json();
    expect(fetches).toMatchObject({
      perDay: PLAN_LIMITS[plan].agentFetchesPerDay,
      left: PLAN_LIMITS[plan].agentFetchesPerDay,
    });
  });
});

describe.each(PLANS)("the %s plan's filters and digests", (plan) => {
  const { filters, advancedDigests } = PLAN_LIMITS[plan].includes;

  it("adds feed filters only where the plan includes them", async () => {
    const person = await personOn(plan);
    const word = await person.client.mutes.$post({ json: { word: "crypto" } });
    const language = await person.client.filters.languages.$post({ json: { language: "en" } });
    if (filters) {
      expect(word.status).toBe(200);
      expect(language.status).toBe(200);
    } else {
      await expectPlanRequired(word, "filters");
      await expectPlanRequired(language, "filters");
    }
  });

  it("sends the standard digest on every plan and the advanced one's settings only where included", async () => {
    const person = await personOn(plan);
    const save = (json: object) =>
      api.request("POST", "/api/users/update_email_digest_preferences", { cookie: person.cookie, body: json });
    const standard = { wantsEmailDigest: true, timezone: "Europe/London", localTime: "08:00:00" };
    expect((await save(standard)).status).toBe(200);
    const twice = await save({ ...standard, times: ["08:00:00", "18:00:00"] });
    if (advancedDigests) expect(twice.status).toBe(200);
    else await expectPlanRequired(twice, "advancedDigests");
  });
});

describe.each(PLANS)("the %s plan's Slack/Discord bot", (plan) => {
  it("lets a person add graph to a channel only where the plan has the bot", async () => {
    const person = await personOn(plan);
    for (const service of ["slack", "discord"]) {
      const start = await api.request("GET", `/api/${service}/api/login`, { cookie: person.cookie });
      if (PLAN_LIMITS[plan].includes.bot) {
        expect(start.status, service).toBe(302);
        expect(new URL(start.headers.get("location")!).pathname, service).toContain(`/_${service}/`);
      } else await expectPlanRequired(start, "bot");
    }
  });

  it("routes topics to channels and runs the team digest only where the plan has the advanced bot", async () => {
    const person = await personOn(plan);
    // A channel id that is not theirs: past the plan's gate it is unknown (404); before it, refused.
    const param = { id: `ch-${crypto.randomUUID()}` };
    const routed = await person.client.channels[":id"].$patch({ param, json: { topics: [] } });
    const digest = await person.client.channels[":id"]["team-digest"].$put({ param, json: { on: true } });
    for (const response of [routed, digest]) {
      if (PLAN_LIMITS[plan].includes.teamBot) expect(response.status).toBe(404);
      else await expectPlanRequired(response, "teamBot", "team");
    }
  });
});

describe("a downgrade and an upgrade", () => {
  it("takes effect at once and loses nothing", async () => {
    const person: Person = await personOn("pro");
    const read = async () => (await (await person.client.rss.articles.$get({ query: {} })).json()) as { plan: Plan };
    expect((await read()).plan).toBe("pro");
    await setPlan(person.userId, "free");
    expect((await read()).plan).toBe("free");
    await setPlan(person.userId, "pro");
    expect((await read()).plan).toBe("pro");
  });
});
