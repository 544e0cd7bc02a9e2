import { DateTime, IANAZone } from "luxon";

// Places named after a time ("16:01 in Nigeria", "9am in Tokyo"), and whether their clock is the
// user's. The names come from the runtime's own tables (ICU through Intl): the cities of the IANA
// zones and the countries with their zones, so no list is written here.

let zonesByPlace: Map<string, string[]> | undefined;

/** Links of the tz database ("backward" file) that name a region rather than a city; not those that
 *  are also common words ("Australia/West", "Australia/North", "Canada/Atlantic"). */
const REGION_LINKS = ["Australia/Queensland", "Australia/Victoria", "Australia/Tasmania", "Australia/NSW", "US/Hawaii",
  "US/Alaska", "US/Arizona", "Canada/Newfoundland", "Canada/Saskatchewan", "Canada/Yukon"];

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
  // Intl lists canonical zones only; the tz database's own links name regions too ("Queensland
  // (Elliot): 10:00pm"). Only links the runtime resolves are kept.
  for (const zone of REGION_LINKS) if (IANAZone.isValidZone(zone)) add(zone.split("/").pop()!, zone);
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
  // A clock's abbreviation too ("16:00 GMT"), but not one that is also a word ("8am PT" may be a
  // physio slot, "the 10am CT" a scan).
  const found = zonesNamed(m[1]!, "unambiguous");
  return found !== undefined && found.zones.every((zone) => at.setZone(zone).offset !== at.offset);
}

/** The longest run of a phrase's first words (at most three) that names a place, or with
 *  `abbreviations` also a clock ("GMT", "UK"): its zones and the words naming it. */
function zonesNamed(phrase: string, abbreviations: boolean | "unambiguous"): { zones: readonly string[]; name: string } | undefined {
  const words = phrase.replace(/[.]+$/, "").split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const name = words.slice(0, n).join(" ");
    const key = fold(name);
    const abbreviated = abbreviations && ABBREVIATIONS[key] !== undefined && !(abbreviations === "unambiguous" && ALSO_WORDS.has(key));
    const zones = abbreviated ? [ABBREVIATIONS[key]!] : places().get(key);
    if (zones?.length) return { zones, name };
  }
  return undefined;
}

// Clocks named by abbreviation or region after a time ("16:00 GMT", "9am PT", "4pm UK time"). The
// runtime has no table from abbreviations to zones, so the common unambiguous ones are listed
// ("IST" is India's, Ireland's or Israel's, and is not).
const ABBREVIATIONS: Record<string, string> = {
  gmt: "UTC", utc: "UTC", uk: "Europe/London", bst: "UTC+1", cet: "Europe/Paris", cest: "UTC+2",
  pt: "America/Los_Angeles", pacific: "America/Los_Angeles", pst: "UTC-8", pdt: "UTC-7",
  mt: "America/Denver", mountain: "America/Denver", mst: "UTC-7", mdt: "UTC-6",
  ct: "America/Chicago", central: "America/Chicago", cst: "UTC-6", cdt: "UTC-5",
  et: "America/New_York", eastern: "America/New_York", est: "UTC-5", edt: "UTC-4",
  jst: "Asia/Tokyo", kst: "Asia/Seoul", sgt: "Asia/Singapore", hkt: "Asia/Hong_Kong",
  aest: "UTC+10", aedt: "UTC+11", acst: "UTC+9:30", nzst: "UTC+12", nzdt: "UTC+13",
  wat: "Africa/Lagos", cat: "Africa/Maputo", eat: "Africa/Nairobi",
};
const ALSO_WORDS = new Set(["pt", "mt", "ct", "et", "est", "pacific", "mountain", "central", "eastern", "wat", "cat", "eat"]);

/** A clock named right after a time: its zone (IANA, or a fixed offset as luxon writes it:
 *  "UTC+1"), the words naming it and their length. */
export interface Clock { zone: string; name: string; length: number }

/** The clock named right after a time: "in London", "London time", "(GMT)", "UK time", ", Tokyo".
 *  Undefined when none is, or when the place has several clocks that differ at `at`. */
export function clockAfter(after: string, at: DateTime): Clock | undefined {
  const m = /^(\s*(?:\(\s*)?(?:,\s*)?(?:(?:over\s+)?in\s+)?)([\p{L}'.-]+(?:\s+[\p{L}'.-]+){0,2})/u.exec(after);
  if (!m) return undefined;
  const found = zonesNamed(m[2]!, true);
  if (!found) return undefined;
  const { zones, name } = found;
  const offsets = new Set(zones.map((z) => at.setZone(z).offset));
  if (offsets.size !== 1 || !at.setZone(zones[0]!).isValid) return undefined;
  const time = /^\s+time\b/.exec(after.slice(m[1]!.length + name.length));
  return { zone: zones[0]!, name, length: m[1]!.length + name.length + (time?.[0].length ?? 0) };
}
