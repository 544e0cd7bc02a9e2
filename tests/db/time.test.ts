import { test } from "node:test";
import assert from "node:assert/strict";
import { DateTime } from "luxon";
import { instantOf, parseTime, storageFromInput, toStorage } from "../../db/time.js";

// instantOf and storageFromInput read most local times without luxon (the zone's offset at
// nearby midnights); they must agree with parseTime everywhere, clock changes included.
const ZONES = ["America/Los_Angeles", "Europe/Stockholm", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Chatham"];

function agree(text: string, zone: string): void {
  let want: { ms: number; stored: string } | { error: string };
  try {
    const dt = parseTime(text, zone);
    want = { ms: dt.toMillis(), stored: toStorage(dt) };
  } catch (e) {
    want = { error: (e as Error).message };
  }
  let got: { ms: number; stored: string } | { error: string };
  try {
    got = { ms: instantOf(text, zone), stored: storageFromInput(text, zone) };
  } catch (e) {
    got = { error: (e as Error).message };
  }
  assert.deepEqual(got, want, `${text} in ${zone}`);
}

test("local times read without luxon agree with parseTime across a year, in gaps and repeated hours too", () => {
  for (const zone of ZONES) {
    // Every 389 minutes of 2026 (the times of day come round).
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 389 * 60_000) {
      const wall = DateTime.fromMillis(t, { zone: "utc" });
      agree(wall.toFormat("yyyy-MM-dd'T'HH:mm:ss"), zone);
      if (wall.minute % 2 === 0) agree(wall.toFormat("yyyy-MM-dd'T'HH:mm"), zone);
    }
    // Each quarter hour of the days around this zone's clock changes.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const a = DateTime.fromMillis(t, { zone }).offset;
      const b = DateTime.fromMillis(t + 86_400_000, { zone }).offset;
      if (a === b) continue;
      for (let q = -48; q < 144; q++) agree(DateTime.fromMillis(t + q * 900_000, { zone: "utc" }).toFormat("yyyy-MM-dd'T'HH:mm:ss"), zone);
    }
  }
});

test("what the quick reading leaves to luxon is read as before: dates, offsets, fractions, impossible dates", () => {
  for (const text of ["2026-10-12", "2026-10-12T09:15:00Z", "2026-10-12T09:15:00+02:00", "2026-10-12T09:15:00.5", "2026-02-30T10:00:00", "2026-10-12T24:00:00", "2026-10-12T09:60:00", "12 Oct 2026"]) {
    agree(text, "Europe/Stockholm");
  }
  agree("2026-10-12T09:15:00", "Not/AZone");
});
