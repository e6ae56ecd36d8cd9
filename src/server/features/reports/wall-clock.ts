// Excel dates have no time zone: a cell shows the date's UTC fields. The report shows Bratislava
// wall-clock time, so each instant is shifted by Bratislava's offset at that instant.

const TIME_ZONE = 'Europe/Bratislava';
const HOUR_MS = 3_600_000;
const bratislavaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});
/** Bratislava's offset from UTC (ms) per UTC hour: it only changes on the hour (DST). */
const offsets = new Map<number, number>();

/** The Bratislava wall-clock time of `ms` as the UTC fields of a Date: what Excel shows. */
export function bratislavaWallClock(ms: number): Date {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const p = Object.fromEntries(bratislavaParts.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - at;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return new Date(ms + offset);
}
