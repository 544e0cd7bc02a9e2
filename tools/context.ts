import type Database from "better-sqlite3";
import type { PimDatabase } from "../db/state.js";

/** What a tool handler may use: the episode's database, its zone, its clock and id counter.
 *  The episode implements it; tools never see the episode itself. */
export interface ToolContext {
  readonly db: PimDatabase;
  readonly sqlite: Database.Database;
  readonly zone: string;
  /** The clock's current time in storage form (UTC, "...Z"). */
  now(): string;
  /** A new id for a created entity, from the episode's counter: `${prefix}_new${n}`. */
  nextId(prefix: string): string;
}
