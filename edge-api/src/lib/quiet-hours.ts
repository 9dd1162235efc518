/**
 * Dhaka's quiet hours (issue 49): nothing about premiums is pushed or texted from 21:00 to 08:00
 * (UTC+6, no daylight saving). Shared by the reminder pass and the SMS sender.
 */
export function inQuietHours(now: Date): boolean {
  const hour = (now.getUTCHours() + 6) % 24;
  return hour >= 21 || hour < 8;
}
