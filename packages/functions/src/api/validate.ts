import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import * as z from "zod";
import { badRequest } from "@graph/core/lib/errors";

/**
 * Validates one part of a request (`json` body, `query`, `param`) against a zod schema: the
 * first issue's message is the answer (400, `invalid_input`). Schemas that must report
 * "missing" before "malformed" pipe a presence schema into a format schema. The schema's input
 * and output types reach the typed client (`hc<AppType>`), so requests are typed from here.
 */
export const input = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request.");
  });

/** A JSON body checked against `schema`. */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) => input("json", schema);

/** A required identifier (a topic, source, article or user id). */
export const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(128, `${name} is too long`);

/** A path that names one id, e.g. `/from_db/:id`. */
export const idParam = <Name extends string>(name: Name) =>
  input("param", z.object({ [name]: id(name) } as { [K in Name]: ReturnType<typeof id> }));

/**
 * The query of an owner's paged list (a shelf, the channels, the videos): the cursor the page
 * before answered (none: the first page) and how many to answer, 1 to `max` (none: `max`).
 */
export const pageQuery = (max: number, cursorInvalid: string) => {
  const limitMessage = `limit must be a number from 1 to ${max}`;
  return z.object({
    cursor: z.string().max(2000, cursorInvalid).optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,4}$/, limitMessage)
      .transform(Number)
      .pipe(z.number().min(1, limitMessage).max(max, limitMessage))
      .optional(),
  });
};
