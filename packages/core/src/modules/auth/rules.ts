import * as z from "zod";
import { isReservedPath, USERNAME_MAX, USERNAME_MIN } from "../users/rules.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const Email = z.string().trim().toLowerCase().max(254, "Invalid email").pipe(z.email("Invalid email"));

export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, "Username may only contain letters, numbers, _ and -.")
  .refine((name) => !isReservedPath(name), "That username is reserved.");

export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** A required string: absent, non-string or blank all fail with `message`. */
export const required = (message: string) =>
  z.string({ error: message }).refine((value) => value.trim().length > 0, message);
