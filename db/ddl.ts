import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { tables } from "./schema.js";

// CREATE statements derived from the drizzle tables, so the schema is written once.
function createTable(table: SQLiteTable): string {
  const config = getTableConfig(table);
  const columns = config.columns.map((c) => {
    const parts = [`"${c.name}"`, c.getSQLType()];
    if (c.primary) parts.push("PRIMARY KEY");
    if (c.notNull && !c.primary) parts.push("NOT NULL");
    return parts.join(" ");
  });
  return `CREATE TABLE "${config.name}" (${columns.join(", ")});`;
}

const TIME_COLUMNS: Record<string, string> = {
  calendar_events: "start", emails: "time", sms_messages: "time",
  whatsapp_messages: "time", calls: "start",
};

export function schemaDDL(): string {
  const statements = Object.values(tables).map((t) => createTable(t));
  for (const [table, column] of Object.entries(TIME_COLUMNS)) {
    statements.push(`CREATE INDEX "${table}_${column}" ON "${table}"("${column}");`);
  }
  return statements.join("\n");
}
