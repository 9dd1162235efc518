/**
 * Local days in a named time zone (IANA, e.g. Asia/Dhaka), for filters and charts that speak
 * of "the 1st of March" as the admin sees it. Intl knows every zone's offsets on both runtimes;
 * these helpers only turn a local midnight into the instant it is, and back.
 */
import { z } from 'zod';

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneParam = z
  .string()
  .trim()
  .max(64, 'That time zone is not known')
  .refine(isTimeZone, 'That time zone is not known: use a name like Asia/Dhaka')
  .optional();

/** A yyyy-MM-dd date that exists in the calendar. */
export const dayParam = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} is not a real date`)
    .optional();

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `instant` in the zone, read as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The zone's offset from UTC at `instant`, in ms (Dhaka: +6 h). */
const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a local day begins. Done twice because the offset at the guessed instant may
 * differ from the one at the real midnight (a daylight-saving change that day).
 */
export function startOfDay(day: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00.000Z`);
  let instant = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  instant = midnightAsUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The local day (yyyy-MM-dd) of an instant in the zone. */
export const dayOf = (instant: number, timeZone: string) => new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
