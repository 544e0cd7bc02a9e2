import type { z } from "zod";
import type { TableName } from "../db/schema.js";
import type { ToolContext } from "./context.js";

export type Domain = "contacts" | "calendar" | "email" | "messages" | "whatsapp" | "phone";

/** One of the 27 tools: the zod input schema is the single source of every exported schema. */
export interface ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  domain: Domain;
  /** Write tools run in a transaction and may change `tables`; read tools change nothing. */
  write: boolean;
  tables: readonly TableName[];
  input: I;
  output: O;
  handler: (ctx: ToolContext, args: z.output<I>) => z.output<O>;
}

/** Unknown arguments are refused (not silently dropped) so that an agent learns the real names. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<I, O>): ToolDef<I, O> {
  return { ...def, input: def.input.strict() as I };
}

/** A tool whose argument and result types have been erased, as the registry holds them. */
export type AnyTool = ToolDef<z.ZodObject, z.ZodObject>;
