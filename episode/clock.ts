import { IANAZone } from "luxon";
import { parseTime } from "../db/time.js";

/** An episode's "now": the scenario's reference time plus a fixed tick per step, so that a
 *  replay of the same steps sees the same times. Arithmetic is on instants; the zone only
 *  matters for display, which is how DST stays right. */
export class Clock {
  private readonly startMs: number;
  private readonly zoneRules: IANAZone;

  /** `start` is the reference time as text (read in `zone` when it has no offset) or epoch ms.
   *  `offsets` memoises the zone's UTC offset per quarter hour (zone transitions fall on quarter
   *  hours); episodes of one scenario may share it, since it only caches facts about the zone. */
  constructor(
    start: string | number,
    readonly zone: string,
    readonly tickSeconds: number,
    private readonly offsets: Map<number, number> = new Map(),
  ) {
    this.startMs = typeof start === "number" ? start : parseTime(start, zone).toMillis();
    this.zoneRules = IANAZone.create(zone);
  }

  private offsetAt(ms: number): number {
    const bucket = Math.floor(ms / 900_000);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = this.zoneRules.offset(ms);
      this.offsets.set(bucket, offset);
    }
    return offset;
  }

  atMillis(stepIndex: number): number {
    return this.startMs + this.tickSeconds * 1000 * stepIndex;
  }

  /** ISO 8601 in the protagonist's zone with offset, e.g. 2026-11-01T01:30:00-08:00. Formatted
   *  from the zone's offset at that instant: the same text luxon writes, without its cost. */
  display(stepIndex: number): string {
    const ms = this.atMillis(stepIndex);
    const offset = this.offsetAt(ms);
    const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? "-" : "+";
    const abs = Math.abs(offset);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  }

  /** UTC storage form, as written to the database. */
  storage(stepIndex: number): string {
    return `${new Date(this.atMillis(stepIndex)).toISOString().slice(0, 19)}Z`;
  }
}
