import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { Username } from "@graph/core/modules/auth/rules";
import { forbidden, VisibleError } from "@graph/core/lib/errors";
import * as Profile from "@graph/core/modules/profile";
import {
  CONTACT_MAX,
  PROFILE_MESSAGES,
  PROFILE_SECTIONS,
  THOUGHT_CONTENT_MAX,
  THOUGHT_TITLE_MAX,
  WEBSITE_URL_MAX,
} from "@graph/core/modules/profile/rules";
import * as Users from "@graph/core/modules/users";
import * as PublicProfile from "@graph/core/workflows/public-profile";
import { USERNAME_MESSAGES } from "@graph/core/modules/users/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { id, idParam, input, jsonBody } from "./validate.ts";

const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/** The contacts route takes forms only: anything else is refused as `jsonOnly` refuses non-JSON elsewhere. */
const formOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    throw new VisibleError(
      415,
      "unsupported_media_type",
      "Send the contacts as form data (multipart/form-data or application/x-www-form-urlencoded).",
    );
  }
  await next();
});

const contactField = z
  .string({ error: PROFILE_MESSAGES.contactTooLong })
  .trim()
  .max(CONTACT_MAX, PROFILE_MESSAGES.contactTooLong)
  .optional();
const ContactsForm = z.object({ about: contactField, socials: contactField, userId: z.string().max(128).optional() });

/** A required thought field: absent, non-string and blank all say 'title or content missing!'. */
const thoughtField = (max: number, tooLong: string) =>
  z.string({ error: PROFILE_MESSAGES.thoughtMissing }).trim().min(1, PROFILE_MESSAGES.thoughtMissing).max(max, tooLong);
const ThoughtFields = {
  title: thoughtField(THOUGHT_TITLE_MAX, PROFILE_MESSAGES.thoughtTitleTooLong),
  content: thoughtField(THOUGHT_CONTENT_MAX, PROFILE_MESSAGES.thoughtContentTooLong),
};
const NewThought = z.object(ThoughtFields);
const ChangedThought = z.object({
  thought: z.object({ id: id("thought.id"), ...ThoughtFields }, { error: "thought is required" }),
});
const ThoughtRef = z.object({ thoughtId: id("thoughtId") });

const NewWebsite = z.object({
  url: z
    .string({ error: PROFILE_MESSAGES.websiteMissing })
    .trim()
    .min(1, PROFILE_MESSAGES.websiteMissing)
    .max(WEBSITE_URL_MAX, PROFILE_MESSAGES.websiteTooLong),
});
const WebsiteRef = z.object({ websiteId: id("websiteId") });

/** A username as sent: missing or too short both say what the spec says. */
const UsernameInput = z.string({ error: USERNAME_MESSAGES.tooShort }).pipe(Username);
const UsernameChange = z.object({ username: UsernameInput });
const UsernameQuery = z.object({ username: UsernameInput });

const SectionOrder = z.object({
  userId: id("userId"),
  sectionOrder: z
    .array(
      z.object({
        id: z.enum(PROFILE_SECTIONS, { error: PROFILE_MESSAGES.unknownSection }),
        order: z.number({ error: "order must be a number" }).int().min(0).max(1000),
        visible: z.boolean({ error: "visible must be true or false" }),
      }),
      { error: "sectionOrder must be a list" },
    )
    .max(PROFILE_SECTIONS.length, PROFILE_MESSAGES.unknownSection),
});
const UsernameParam = z.object({ username: z.string().min(1).max(64) });

/** A body naming a person other than the one signed in is refused: nobody edits another's profile. */
function ownId(c: Parameters<typeof currentUserId>[0], named: string | undefined): string {
  const userId = currentUserId(c);
  if (named !== undefined && named !== userId) throw forbidden(PROFILE_MESSAGES.notYours);
  return userId;
}

/** `/users/*` routes of the profile (mounted beside `users.ts`'s): usernames, node count, section order, the public profile. */
export const profileUsers = new Hono<ApiEnv>()
  .get("/node_number/:userId", idParam("userId"), async (c) =>
    c.json(await Profile.shownNodeCount(c.req.valid("param").userId, viewerOf(c))),
  )
  .get("/username_check", input("query", UsernameQuery), async (c) => {
    const viewer = c.get("session")?.userId;
    return c.json({ isAvailable: await Users.isUsernameAvailable(c.req.valid("query").username, viewer) });
  })
  .put("/username", requireSession, jsonBody(UsernameChange), async (c) =>
    c.json(await Users.changeUsername(currentUserId(c), c.req.valid("json").username)),
  )
  .get("/profile_order/:id", idParam("id"), async (c) => {
    const userId = c.req.valid("param").id;
    return c.json({ userId, sectionOrder: await Profile.readSectionOrder(userId) });
  })
  .get("/profile_order_by_username/:username", input("param", UsernameParam), async (c) => {
    const { userId } = await Profile.publicProfileOwner(c.req.valid("param").username);
    return c.json({ userId, sectionOrder: await Profile.readSectionOrder(userId) });
  })
  .post("/profile_order", requireSession, jsonBody(SectionOrder), async (c) => {
    const { userId, sectionOrder } = c.req.valid("json");
    const own = ownId(c, userId);
    return c.json({ userId: own, sectionOrder: await Profile.saveSectionOrder(own, sectionOrder) });
  })
  /** The whole public page in one read (the per-section reads stay for the settings page). */
  .get("/profile/:username", input("param", UsernameParam), async (c) =>
    c.json(await PublicProfile.publicProfile(c.req.valid("param").username)),
  );

/** `/contacts/*`: the person's site and socials. */
export const contacts = new Hono<ApiEnv>()
  .get("/from_db/:id", idParam("id"), async (c) =>
    c.json(await Profile.readSection(c.req.valid("param").id, "aboutMe", viewerOf(c), Profile.readContacts)),
  )
  .post("/to_db", requireSession, formOnly, input("form", ContactsForm), async (c) => {
    const form = c.req.valid("form");
    const userId = ownId(c, form.userId);
    return c.json(await Profile.saveContacts(userId, { about: form.about ?? "", socials: form.socials ?? "" }));
  });

/** `/thoughts/*`: short posts on the profile. */
export const thoughts = new Hono<ApiEnv>()
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json(await Profile.readSection(c.req.valid("param").id, "thoughts", viewerOf(c), Profile.listThoughts)),
  )
  .post("/to_db", requireSession, jsonBody(NewThought), async (c) =>
    c.json(await Profile.addThought(currentUserId(c), c.req.valid("json")), 201),
  )
  .put("/", requireSession, jsonBody(ChangedThought), async (c) =>
    c.json(await Profile.updateThought(currentUserId(c), c.req.valid("json").thought)),
  )
  .delete("/", requireSession, jsonBody(ThoughtRef), async (c) => {
    await Profile.deleteThought(currentUserId(c), c.req.valid("json").thoughtId);
    return c.json({ ok: true as const });
  });

/** `/websites/*`: the sites a person lists on their profile. */
export const websites = new Hono<ApiEnv>()
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json(await Profile.readSection(c.req.valid("param").id, "websites", viewerOf(c), Profile.listWebsites)),
  )
  .post("/to_db", requireSession, jsonBody(NewWebsite), async (c) =>
    c.json(await Profile.addWebsite(currentUserId(c), c.req.valid("json").url), 201),
  )
  .delete("/", requireSession, jsonBody(WebsiteRef), async (c) => {
    await Profile.deleteWebsite(currentUserId(c), c.req.valid("json").websiteId);
    return c.json({ ok: true as const });
  });
