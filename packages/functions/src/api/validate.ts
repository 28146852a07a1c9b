import { validator } from "hono/validator";
import { z } from "zod";
import { badRequest } from "@graph/core/errors";

/**
 * Validates a JSON body against one or more schemas in order: the first failing schema's
 * first message is the answer, so "missing" is reported before "malformed".
 */
export function jsonBody<S extends z.ZodType>(...schemas: [...z.ZodType[], S]) {
  return validator("json", (value): z.output<S> => {
    let current: unknown = value;
    for (const schema of schemas) {
      const result = schema.safeParse(current);
      if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request.");
      current = result.data;
    }
    return current as z.output<S>;
  });
}

/** A required identifier field (a topic, source or article id). */
export const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(128);
