import type { z } from "zod";
import type { Response } from "express";
import { HttpError } from "./http-error.js";

/** Parses a request body with its zod schema; a bad body is a 400 naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "body");
    throw new HttpError(400, "invalid_body", `${field}: ${issue.message}`, { field });
  }
  return parsed.data;
}

/** Sends a JSON body typed by its response schema (the schema the OpenAPI document shows), so a
 *  route and its documentation cannot drift apart. */
export function send<S extends z.ZodType>(res: Response, _schema: S, body: z.input<S>, status = 200): void {
  res.status(status).json(body);
}
