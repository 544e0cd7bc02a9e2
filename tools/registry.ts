import type { AnyTool } from "./tool.js";
import { contactTools } from "./contacts.js";
import { calendarTools } from "./calendar.js";
import { emailTools } from "./email.js";
import { messageTools } from "./messages.js";
import { whatsappTools } from "./whatsapp.js";
import { phoneTools } from "./phone.js";

/** The 27 tools, in ASTRA-bench's order (Appendix C.2). */
export const TOOLS: readonly AnyTool[] = Object.freeze([
  ...contactTools, ...calendarTools, ...emailTools, ...messageTools, ...whatsappTools, ...phoneTools,
] as unknown as AnyTool[]);

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): AnyTool | undefined {
  return BY_NAME.get(name);
}

export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);
