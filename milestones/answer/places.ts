import { DateTime } from "luxon";

// Places named after a time ("16:01 in Nigeria", "9am in Tokyo"), and whether their clock is the
// user's. The names come from the runtime's own tables (ICU through Intl): the cities of the IANA
// zones and the countries with their zones, so no list is written here.

let zonesByPlace: Map<string, string[]> | undefined;

/** "Bogotá" is the zone "America/Bogota": names compare without accents. */
const fold = (name: string) => name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function places(): Map<string, string[]> {
  if (zonesByPlace) return zonesByPlace;
  const map = new Map<string, string[]>();
  const add = (name: string, zone: string) => {
    const key = fold(name.replace(/_/g, " "));
    map.set(key, [...(map.get(key) ?? []), zone]);
  };
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    const city = zone.split("/").pop()!;
    if (zone.includes("/") && !/^(?:GMT|UTC|Etc)/.test(city)) add(city, zone);
  }
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      const zones = (new Intl.Locale(`und-${code}`) as Intl.Locale & { timeZones?: string[] }).timeZones;
      if (name && name !== code && zones?.length) for (const zone of zones) add(name, zone);
    }
  }
  return (zonesByPlace = map);
}

/** "in Nigeria", "in New York" right after a time, a place whose clock at `time` (ISO 8601 with the
 *  user's offset) is not the user's: the time is that place's. */
export function inOtherPlace(after: string, time: string): boolean {
  // "16:01 in Nigeria", or the place right after the time: "23:59 Bogotá, which is 10:59 here".
  const m = /^\s*(?:\([^)]*\)\s*)?(?:,\s*)?(?:in\s+)?([\p{L}'.-]+(?:\s+[\p{L}'.-]+){0,2})/u.exec(after);
  if (!m) return false;
  const at = DateTime.fromISO(time, { setZone: true });
  if (!at.isValid) return false;
  const words = m[1]!.replace(/[.]+$/, "").split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const zones = places().get(fold(words.slice(0, n).join(" ")));
    if (zones) return zones.every((zone) => at.setZone(zone).offset !== at.offset);
  }
  return false;
}
