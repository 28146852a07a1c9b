/** Calls of the profile photos: the person's photos, signed uploads straight to the bucket, confirming them, primary, delete. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

type ImagesRoute = (typeof client.api.images.from_db_by_user_id)[":id"]["$get"];
export type ProfileImage = InferResponseType<ImagesRoute, 200>["images"][number];

export const imagesQuery = (userId: string) =>
  queryOptions({
    queryKey: ["profile", userId, "images"] as const,
    queryFn: async ({ signal }) =>
      (await call(client.api.images.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } })))
        .images,
    enabled: userId !== "",
  });

export const presignUploads = (userId: string, files: ReadonlyArray<{ name: string; type: string; size: number }>) =>
  call(
    client.api.images.upload_url.$post({
      json: { userId, files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) },
    }),
  );

export const confirmUploads = (userId: string, uploads: Array<{ key: string; name: string; isPrimary?: boolean }>) =>
  call(client.api.images.upload.$post({ json: { userId, uploads } }));

export const makePrimary = (imageId: string) => call(client.api.images.primary.$patch({ json: { imageId } }));

export const deleteImage = (imageId: string) => call(client.api.images.$delete({ json: { imageId } }));
