import { Hono } from "hono";
import * as z from "zod";
import * as Mutes from "@graph/core/modules/mutes";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

/** Text fields are checked by core (lengths, letters, what is known), which answers each refusal's code. */
const text = (name: string) => z.string({ error: `${name} is required` });
const TopicWordBody = z.object({ topic: text("topic"), word: text("word") });
const KindsBody = z.object({ kinds: z.array(z.string(), { error: "kinds is required" }).max(10, "too many kinds") });
const LanguageBody = z.object({ language: text("language") });
const CountryBody = z.object({ country: text("country") });
const SubjectBody = z.object({ subject: text("subject") });

/**
 * `/filters`: the signed-in person's advanced feed filters (beside `/mutes`, the muted words):
 * words muted within a topic, the kinds of source and languages shown, countries and subjects
 * left out. Adding or choosing needs a plan with filters (403 plan_required); removing never
 * does. Each answer is the whole view, so the page shows what the server holds.
 */
export const filters = new Hono<ApiEnv>()
  .use(requireSession)
  .get("/", async (c) => c.json(await Mutes.view(currentUserId(c))))
  .post("/topic-words", jsonBody(TopicWordBody), async (c) => {
    const { topic, word } = c.req.valid("json");
    await Mutes.addTopicWord(currentUserId(c), topic, word);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .delete("/topic-words", jsonBody(TopicWordBody), async (c) => {
    const { topic, word } = c.req.valid("json");
    await Mutes.removeTopicWord(currentUserId(c), topic, word);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .put("/kinds", jsonBody(KindsBody), async (c) => {
    await Mutes.setKinds(currentUserId(c), c.req.valid("json").kinds);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .post("/languages", jsonBody(LanguageBody), async (c) => {
    await Mutes.addLanguage(currentUserId(c), c.req.valid("json").language);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .delete("/languages", jsonBody(LanguageBody), async (c) => {
    await Mutes.removeLanguage(currentUserId(c), c.req.valid("json").language);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .post("/countries", jsonBody(CountryBody), async (c) => {
    await Mutes.addCountry(currentUserId(c), c.req.valid("json").country);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .delete("/countries", jsonBody(CountryBody), async (c) => {
    await Mutes.removeCountry(currentUserId(c), c.req.valid("json").country);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .post("/subjects", jsonBody(SubjectBody), async (c) => {
    await Mutes.addSubject(currentUserId(c), c.req.valid("json").subject);
    return c.json(await Mutes.view(currentUserId(c)));
  })
  .delete("/subjects", jsonBody(SubjectBody), async (c) => {
    await Mutes.removeSubject(currentUserId(c), c.req.valid("json").subject);
    return c.json(await Mutes.view(currentUserId(c)));
  });
