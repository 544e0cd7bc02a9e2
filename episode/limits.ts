import type { AnyTool } from "../tools/tool.js";
import type { ToolErrorValue } from "./trajectory.js";

// What one episode may cost. A call past a limit is refused before it becomes a step: it changes
// nothing, is not recorded (so the trajectory stays serialisable and replayable), and the agent
// reads why in a tool error naming the limit.

export interface EpisodeLimits {
  /** Steps per episode (system prompt and messages included). */
  maxSteps: number;
  /** Size of one call's arguments as JSON, and of one message, in bytes. */
  maxArgumentBytes: number;
  /** Nesting depth of one call's arguments (no tool takes more than a few levels). */
  maxArgumentDepth: number;
  /** Length of any text argument of a read tool (search text), in characters. */
  maxSearchText: number;
}

export const DEFAULT_LIMITS: EpisodeLimits = Object.freeze({
  maxSteps: 20_000,
  maxArgumentBytes: 64 * 1024,
  maxArgumentDepth: 32,
  maxSearchText: 1_000,
});

/** A call refused by a limit: not a step. */
export interface RefusedCall { refused: true; ok: false; error: ToolErrorValue }

export class LimitExceeded extends Error {
  constructor(readonly error: ToolErrorValue & { limit: number }) {
    super(error.message);
  }
}

function refusal(field: string, message: string, limit: number): ToolErrorValue & { limit: number } {
  return { code: "limit_exceeded", message, field, limit };
}

/** Deeper than `max`? Iterative, so that a 100,000-level argument cannot overflow the stack. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The first string over `max` characters, with its path. */
function longText(value: unknown, max: number, path: string): string | undefined {
  if (typeof value === "string") return value.length > max ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = longText(v, max, path ? `${path}.${k}` : k);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function checkStepRoom(stepCount: number, limits: EpisodeLimits): (ToolErrorValue & { limit: number }) | undefined {
  if (stepCount < limits.maxSteps) return undefined;
  return refusal("episode", `this episode has reached its limit of ${limits.maxSteps} steps; finish with a message to the user or start a new episode`, limits.maxSteps);
}

/** Why a tool call must be refused before it runs, or undefined when it may run. */
export function checkCall(tool: AnyTool | undefined, rawArgs: unknown, stepCount: number, limits: EpisodeLimits): (ToolErrorValue & { limit: number }) | undefined {
  const room = checkStepRoom(stepCount, limits);
  if (room) return room;
  if (deeperThan(rawArgs, limits.maxArgumentDepth)) {
    return refusal("arguments", `arguments are nested more than ${limits.maxArgumentDepth} levels deep`, limits.maxArgumentDepth);
  }
  const bytes = Buffer.byteLength(JSON.stringify(rawArgs ?? null) ?? "");
  if (bytes > limits.maxArgumentBytes) {
    return refusal("arguments", `arguments are ${bytes} bytes of JSON; at most ${limits.maxArgumentBytes} are accepted`, limits.maxArgumentBytes);
  }
  if (tool && !tool.write) {
    const field = longText(rawArgs, limits.maxSearchText, "");
    if (field !== undefined) return refusal(field, `${field}: search text is limited to ${limits.maxSearchText} characters`, limits.maxSearchText);
  }
  return undefined;
}

export function checkMessage(content: string, stepCount: number, limits: EpisodeLimits): (ToolErrorValue & { limit: number }) | undefined {
  const room = checkStepRoom(stepCount, limits);
  if (room) return room;
  const bytes = Buffer.byteLength(content);
  if (bytes > limits.maxArgumentBytes) {
    return refusal("content", `content is ${bytes} bytes; at most ${limits.maxArgumentBytes} are accepted`, limits.maxArgumentBytes);
  }
  return undefined;
}
