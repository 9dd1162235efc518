import { describe, expect, it } from 'vitest';
import { inQuietHours } from './quiet-hours.ts';

describe("Dhaka's quiet hours", () => {
  it('are 21:00 to 08:00 in Dhaka (UTC+6)', () => {
    expect(inQuietHours(new Date('2026-03-10T14:59:00Z'))).toBe(false); // 20:59
    expect(inQuietHours(new Date('2026-03-10T15:00:00Z'))).toBe(true); // 21:00
    expect(inQuietHours(new Date('2026-03-10T01:59:00Z'))).toBe(true); // 07:59
    expect(inQuietHours(new Date('2026-03-10T02:00:00Z'))).toBe(false); // 08:00
  });
});
