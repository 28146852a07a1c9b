/** Calls of the profile: the settings tab's sections and the public page's one read. */
import type { SectionOrderItem } from "@graph/core/profile/rules";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const profileKeys = {
  nodeCount: (userId: string) => ["profile", userId, "node-count"] as const,
  aims: (userId: string) => ["profile", userId, "aims"] as const,
  contacts: (userId: string) => ["profile", userId, "contacts"] as const,
  thoughts: (userId: string) => ["profile", userId, "thoughts"] as const,
  websites: (userId: string) => ["profile", userId, "websites"] as const,
  order: (userId: string) => ["profile", userId, "order"] as const,
  publicProfile: (username: string) => ["public-profile", username.toLowerCase()] as const,
};

export const readNodeCount = (userId: string, signal?: AbortSignal) =>
  call(client.api.users.node_number[":userId"].$get({ param: { userId } }, { init: { signal } }));

export const readAims = (userId: string, signal?: AbortSignal) =>
  call(client.api.aims.from_db[":userId"].$get({ param: { userId } }, { init: { signal } }));
export const saveAims = (aims: Array<{ id?: string; content: string }>) =>
  call(client.api.aims.to_db.$post({ json: { aims } }));

export const readContacts = (userId: string, signal?: AbortSignal) =>
  call(client.api.contacts.from_db[":id"].$get({ param: { id: userId } }, { init: { signal } }));
/** Sent as form data, as the spec's contacts call is. */
export const saveContacts = (about: string, socials: string) =>
  call(client.api.contacts.to_db.$post({ form: { about, socials } }));

export const checkUsername = (username: string, signal?: AbortSignal) =>
  call(client.api.users.username_check.$get({ query: { username } }, { init: { signal } }));
export const changeUsername = (username: string) => call(client.api.users.username.$put({ json: { username } }));

export const readThoughts = (userId: string, signal?: AbortSignal) =>
  call(client.api.thoughts.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } }));
export const addThought = (title: string, content: string) =>
  call(client.api.thoughts.to_db.$post({ json: { title, content } }));
export const updateThought = (thought: { id: string; title: string; content: string }) =>
  call(client.api.thoughts.$put({ json: { thought } }));
export const deleteThought = (thoughtId: string) => call(client.api.thoughts.$delete({ json: { thoughtId } }));

export const readWebsites = (userId: string, signal?: AbortSignal) =>
  call(client.api.websites.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } }));
export const addWebsite = (url: string) => call(client.api.websites.to_db.$post({ json: { url } }));
export const deleteWebsite = (websiteId: string) => call(client.api.websites.$delete({ json: { websiteId } }));

export const readSectionOrder = (userId: string, signal?: AbortSignal) =>
  call(client.api.users.profile_order[":id"].$get({ param: { id: userId } }, { init: { signal } }));
export const saveSectionOrder = (userId: string, sectionOrder: SectionOrderItem[]) =>
  call(client.api.users.profile_order.$post({ json: { userId, sectionOrder } }));

/** The whole public page in one read (404 for an unknown or unverified name). */
export const readPublicProfile = (username: string, signal?: AbortSignal) =>
  call(client.api.users.profile[":username"].$get({ param: { username } }, { init: { signal } }), {
    logoutOn401: false,
  });

export type Thought = Awaited<ReturnType<typeof readThoughts>>[number];
export type Website = Awaited<ReturnType<typeof readWebsites>>[number];
export type Aim = Awaited<ReturnType<typeof readAims>>[number];
export type PublicProfile = Awaited<ReturnType<typeof readPublicProfile>>;
