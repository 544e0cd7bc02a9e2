import type { ToolErrorValue } from "../episode/trajectory.js";

/** A failure the agent should see and can act on: which field or id, what was expected. */
export class ToolError extends Error {
  constructor(
    public readonly code: ToolErrorValue["code"],
    message: string,
    public readonly detail: { field?: string; id?: string } = {},
  ) {
    super(message);
  }

  toValue(): ToolErrorValue {
    return { code: this.code, message: this.message, ...this.detail };
  }
}

export function notFound(kind: string, id: string, field: string): ToolError {
  return new ToolError("not_found", `no ${kind} with id "${id}" (${field})`, { field, id });
}

export function invalid(field: string, message: string): ToolError {
  return new ToolError("invalid_argument", `${field}: ${message}`, { field });
}
