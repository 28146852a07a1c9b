/** Calls of the profile: the settings tab's sections and the public page's one read. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { SectionOrderItem } from "@graph/core/modules/profile/rules";
import { ApiError, call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { unlessJustAnswered } from "../../lib/prefetched.ts";

/** A read of one of the signed-in person's sections, asked once there is a person to ask for. */
const sectionQuery = <T>(userId: string, section: string, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: ["profile", userId, section] as const,
    queryFn: ({ signal }) => read(signal),
    enabled: userId !== "",
  });

/** How many items the person has added to their graph (the profile's node count). */
export const nodeCountQuery = (userId: string) =>
  sectionQuery(userId, "node-count", (signal) =>
    call(client.api.users.node_number[":userId"].$get({ param: { userId } }, { init: { signal } })),
  );

export const aimsQuery = (userId: string) =>
  sectionQuery(userId, "aims", (signal) =>
    call(client.api.aims.from_db[":userId"].$get({ param: { userId } }, { init: { signal } })),
  );
export const saveAims = (aims: Array<{ id?: string; content: string }>) =>
  call(client.api.aims.to_db.$post({ json: { aims } }));

export const contactsQuery = (userId: string) =>
  sectionQuery(userId, "contacts", (signal) =>
    call(client.api.contacts.from_db[":id"].$get({ param: { id: userId } }, { init: { signal } })),
  );
/** Sent as form data, as the spec's contacts call is. */
export const saveContacts = (about: string, socials: string) =>
  call(client.api.contacts.to_db.$post({ form: { about, socials } }));

export const checkUsername = (username: string, signal?: AbortSignal) =>
  call(client.api.users.username_check.$get({ query: { username } }, { init: { signal } }));
export const changeUsername = (username: string) => call(client.api.users.username.$put({ json: { username } }));

export const thoughtsQuery = (userId: string) =>
  sectionQuery(userId, "thoughts", (signal) =>
    call(client.api.thoughts.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } })),
  );
export const addThought = (title: string, content: string) =>
  call(client.api.thoughts.to_db.$post({ json: { title, content } }));
export const updateThought = (thought: { id: string; title: string; content: string }) =>
  call(client.api.thoughts.$put({ json: { thought } }));
export const deleteThought = (thoughtId: string) => call(client.api.thoughts.$delete({ json: { thoughtId } }));

export const websitesQuery = (userId: string) =>
  sectionQuery(userId, "websites", (signal) =>
    call(client.api.websites.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } })),
  );
export const addWebsite = (url: string) => call(client.api.websites.to_db.$post({ json: { url } }));
export const deleteWebsite = (websiteId: string) => call(client.api.websites.$delete({ json: { websiteId } }));

export const sectionOrderQuery = (userId: string) =>
  sectionQuery(userId, "order", (signal) =>
    call(client.api.users.profile_order[":id"].$get({ param: { id: userId } }, { init: { signal } })),
  );
export const saveSectionOrder = (userId: string, sectionOrder: SectionOrderItem[]) =>
  call(client.api.users.profile_order.$post({ json: { userId, sectionOrder } }));

/**
 * The whole public page in one read, for anyone (signed in or not). An unknown or unverified
 * name answers 404, which is not asked again.
 */
export const publicProfileQuery = (username: string) =>
  queryOptions({
    queryKey: ["public-profile", username.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      call(client.api.users.profile[":username"].$get({ param: { username } }, { init: { signal } }), {
        logoutOn401: false,
      }),
    refetchOnMount: unlessJustAnswered,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export type Thought = InferResponseType<(typeof client.api.thoughts.from_db_by_user_id)[":id"]["$get"], 200>[number];
export type Aim = InferResponseType<(typeof client.api.aims.from_db)[":userId"]["$get"], 200>[number];
export type PublicProfile = InferResponseType<(typeof client.api.users.profile)[":username"]["$get"], 200>;
