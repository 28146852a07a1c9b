/** Calls of the private Atom feed of the person's picks: its state, a new address, turning it off. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const atomFeedQuery = (userId: string) =>
  queryOptions({
    queryKey: ["atom-feed", userId] as const,
    queryFn: ({ signal }) => call(client.api.atom.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** `GET /api/atom`, as the route answers it. */
export type AtomFeedState = InferResponseType<typeof client.api.atom.$get, 200>;

/** Turns the feed on with a new address (an address made before stops working). */
export const makeAtomFeedAddress = () => call(client.api.atom.$post());

/** Turns the feed off: its address stops working. */
export const turnOffAtomFeed = () => call(client.api.atom.$delete({ json: {} }));
