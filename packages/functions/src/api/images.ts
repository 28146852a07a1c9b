import { Hono } from "hono";
import * as z from "zod";
import { forbidden } from "@graph/core/lib/errors";
import * as Images from "@graph/core/modules/images";
import { IMAGE_LIMITS, IMAGE_MESSAGES } from "@graph/core/modules/images/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { id, idParam, jsonBody } from "./validate.ts";

/** The person named in a body: required, and it must be the signed-in person. */
const userIdField = z
  .string({ error: IMAGE_MESSAGES.noUser })
  .min(1, IMAGE_MESSAGES.noUser)
  .max(128, IMAGE_MESSAGES.noUser);
const fileName = z.string({ error: "Each file needs a name." }).max(1024, "A file name is too long.");
const files = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: IMAGE_MESSAGES.noFiles })
    .min(1, IMAGE_MESSAGES.noFiles)
    .max(IMAGE_LIMITS.perRequest, IMAGE_MESSAGES.tooManyAtOnce);

const UploadUrls = z.object({
  userId: userIdField,
  files: files(
    z.object({
      name: fileName,
      type: z.string({ error: "Each file needs a type." }).max(100, "A file type is too long."),
      size: z.number({ error: "Each file needs a size." }).int("A file size is a whole number.").min(0),
    }),
  ),
});
const ConfirmUploads = z.object({
  userId: userIdField,
  uploads: files(
    z.object({
      key: z.string({ error: "Each upload needs its key." }).min(1).max(512, "An upload key is too long."),
      name: fileName,
      isPrimary: z.boolean({ error: "isPrimary must be true or false" }).optional(),
    }),
  ),
});
const ImageRef = z.object({ imageId: id("imageId") });

function ownUserId(c: Parameters<typeof currentUserId>[0], userId: string): string {
  const own = currentUserId(c);
  if (userId !== own) throw forbidden(IMAGE_MESSAGES.notYours);
  return own;
}

const setPrimary = async (userId: string, imageId: string) => ({
  images: await Images.setPrimary(userId, imageId),
});

/**
 * `/images/*`: profile photos. Files never pass through here (Lambda takes 6 MB a request): the
 * browser asks for presigned uploads, posts each file to the bucket, then confirms the keys,
 * and the photos are checked, converted and moderated on confirmation.
 */
export const images = new Hono<ApiEnv>()
  .post("/upload_url", requireSession, jsonBody(UploadUrls), async (c) => {
    const { userId, files } = c.req.valid("json");
    return c.json({ uploads: await Images.presignUploads(ownUserId(c, userId), files) });
  })
  .post("/upload", requireSession, jsonBody(ConfirmUploads), async (c) => {
    const { userId, uploads } = c.req.valid("json");
    return c.json(await Images.confirmUploads(ownUserId(c, userId), uploads));
  })
  .patch("/primary", requireSession, jsonBody(ImageRef), async (c) =>
    c.json(await setPrimary(currentUserId(c), c.req.valid("json").imageId)),
  )
  // The spec's spelling, with the trailing slash.
  .patch("/primary/", requireSession, jsonBody(ImageRef), async (c) =>
    c.json(await setPrimary(currentUserId(c), c.req.valid("json").imageId)),
  )
  .delete("/", requireSession, jsonBody(ImageRef), async (c) =>
    c.json({ images: await Images.deleteImage(currentUserId(c), c.req.valid("json").imageId) }),
  )
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json({ images: await Images.listImages(c.req.valid("param").id) }),
  );
