/** What this machine's fonts can draw, for tests about the app's own Bengali font. */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/** The case the app's Bengali font is for: nothing on this machine can draw Bengali but that font. */
export function expectNoBengaliSystemFont(): void {
  const bengaliFonts = execFileSync('fc-list', [':lang=bn', 'family'], { encoding: 'utf8' }).trim();
  expect(bengaliFonts, 'this test needs a machine without a Bengali system font').toBe('');
}
