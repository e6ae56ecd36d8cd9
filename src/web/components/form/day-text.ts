// A calendar day as people type it (dd.mm.yyyy, as the portal writes dates in every language) and
// as forms and the API keep it (yyyy-MM-dd).

/** yyyy-MM-dd -> dd.mm.yyyy; anything else as it is. */
export function formatDayText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/**
 * What was typed as yyyy-MM-dd: "24.11.2026", "24. 11. 2026", "24/11/2026", "2026-11-24" and a
 * two-digit year (2000s) are read; '' for an empty field, null for text that is no real day.
 */
export function parseDayText(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  let day: number, month: number, year: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const local = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{2}|\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) [day, month, year] = [Number(local[1]), Number(local[2]), Number(local[3]!.length === 2 ? `20${local[3]}` : local[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
