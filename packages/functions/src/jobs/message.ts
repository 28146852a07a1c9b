import type { z } from "zod";

/** A queue message's body read against its schema; undefined when it is not JSON or not valid. */
export function parseMessage<S extends z.ZodType>(body: string, schema: S): z.output<S> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
