import { DateTime } from "luxon";
import { parseTime, toStorage } from "../db/time.js";

/** An episode's "now": the scenario's reference time plus a fixed tick per step, so that a
 *  replay of the same steps sees the same times. Arithmetic is on instants; the zone only
 *  matters for display, which is how DST stays right. */
export class Clock {
  private readonly start: DateTime;

  constructor(referenceTime: string, readonly zone: string, readonly tickSeconds: number) {
    this.start = parseTime(referenceTime, zone).setZone(zone);
  }

  at(stepIndex: number): DateTime {
    return this.start.plus({ seconds: this.tickSeconds * stepIndex });
  }

  /** ISO 8601 in the protagonist's zone with offset. */
  display(stepIndex: number): string {
    return this.at(stepIndex).toISO({ suppressMilliseconds: true })!;
  }

  /** UTC storage form, as written to the database. */
  storage(stepIndex: number): string {
    return toStorage(this.at(stepIndex));
  }
}
