import type { Row, Snapshot, Step, Trajectory } from "../../episode/trajectory.js";

// Builds small trajectories by hand: each tool step may change tables; unchanged tables keep
// their arrays, as the real snapshots do.

export type Tables = Record<string, Row[]>;

export type ScriptItem =
  | { system: string }
  | { user: string }
  | { agent: string }
  | {
      tool: string;
      args?: Record<string, unknown>;
      ok?: boolean;
      result?: unknown;
      write?: boolean;
      /** New contents of the tables this call changed. */
      change?: (tables: Snapshot) => Tables;
    };

export const ZONE = "America/Los_Angeles";

export function buildTrajectory(initial: Tables, script: ScriptItem[], zone = ZONE): Trajectory {
  const snapshots: Snapshot[] = [initial];
  const steps: Step[] = script.map((item, index) => {
    const time = new Date(Date.UTC(2026, 2, 14, 2, index)).toISOString().replace(".000Z", "Z");
    const base = { index, time, snapshot: snapshots.length - 1 };
    if ("system" in item) return { ...base, kind: "system", content: item.system };
    if ("user" in item) return { ...base, kind: "user", content: item.user };
    if ("agent" in item) return { ...base, kind: "agent", content: item.agent };
    const ok = item.ok ?? true;
    if (ok && item.change) {
      const prev = snapshots[snapshots.length - 1]!;
      snapshots.push({ ...prev, ...item.change(prev) });
    }
    return {
      ...base, snapshot: snapshots.length - 1, kind: "tool", tool: item.tool, arguments: item.args ?? {}, ok,
      ...(ok ? { result: item.result ?? {} } : { error: { code: "invalid_argument" as const, message: "bad" } }),
      write: item.write ?? item.change !== undefined,
    };
  });
  return { steps, snapshots, zone, region: "US" };
}

/** A seeded PRNG (mulberry32) so that failures reproduce: the report's. */
export { seededRandom as prng } from "../../report/stats.js";

export const contact = (id: string, first: string, last: string, phone: string, extra: Partial<Row> = {}): Row => ({
  id, first_name: first, last_name: last, phone_numbers: [{ label: "mobile", number: phone }], emails: [],
  relationship: null, birthday: null, address: null, notes: null, is_self: false, ...extra,
});
