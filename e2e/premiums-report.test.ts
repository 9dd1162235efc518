/**
 * The admin's view of premiums (issue 49) at 360x740 in English and in Bangla: the dashboard
 * shows the premiums collected this month and the 12-month persistency as the server counts them;
 * the Collections Report, opened from the dashboard, shows the demo's cash collections by the demo
 * agent and its days, in the page's language and digits, with nothing scrolling sideways; a range
 * that ends before it starts is refused on the spot.
 */
import { describe, expect, it } from 'vitest';
import { formatMoneyIn, formatNumberIn } from '../pwa/src/lib/i18n/number-format.ts';
import { dhakaToday } from '../edge-api/src/schemas/claim.ts';
import { addDays } from '../edge-api/src/schemas/premium-schedule.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { apiAs, loginInLanguage, queryDb } from './support/login.ts';

// The demo as `npm start` fills it: its 60 days of sales, with premiums paid online and in cash (seed/demo-premiums.ts).
const app = useAppAndBrowser({ seed: 'full' });
type Lang = 'en' | 'bn';
const phone = (lang: Lang) => ({ width: 360, height: 740, locale: lang === 'bn' ? 'bn-BD' : 'en-IN' });

const words = {
  en: {
    dashboard: 'Admin Dashboard',
    collected: 'Premiums collected this month',
    persistency: 'Still in force after 12 months',
    openReport: 'Open the collections report',
    report: 'Collections Report',
    from: 'From',
    to: 'To',
    show: 'Show the report',
    byAgent: 'By agent',
    byDay: 'By day',
    backwards: 'The end date must be on or after the start date.',
  },
  bn: {
    dashboard: 'অ্যাডমিন ড্যাশবোর্ড',
    collected: 'এ মাসে আদায় হওয়া প্রিমিয়াম',
    persistency: '১২ মাস পরও চালু',
    openReport: 'আদায়ের রিপোর্ট দেখুন',
    report: 'আদায়ের রিপোর্ট',
    from: 'শুরুর তারিখ',
    to: 'শেষ তারিখ',
    show: 'রিপোর্ট দেখুন',
    byAgent: 'এজেন্ট অনুযায়ী',
    byDay: 'দিন অনুযায়ী',
    backwards: 'শেষ তারিখ শুরুর তারিখের দিন বা তার পরে হতে হবে।',
  },
} as const;

interface Report {
  byAgent: { agent: string | null; agentName: string | null; fieldMinor: number; onlineMinor: number; count: number }[];
  byDay: { day: string; fieldMinor: number; onlineMinor: number }[];
}
interface Stats {
  premiums: { collectedThisMonthMinor: number; persistency: { share: number | null } };
}

const prefix = (lang: Lang) => (lang === 'bn' ? '/bn' : '');

const cardValue = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.locator('.stat-card__label', { hasText: new RegExp(`^${label}$`) }) }).locator('.stat-card__value');

describe.each(['en', 'bn'] as const)('the collections report at 360x740 (%s)', (lang) => {
  const w = words[lang];

  it("the dashboard shows this month's premiums and the persistency; the report shows the demo agent's collections by agent and by day", async () => {
    const admin = await apiAs(app.server, 'admin');
    const today = dhakaToday(new Date());
    const from = addDays(today, -91);
    const report = await admin.json<Report>(`/api/premiums/report?from=${from}&to=${today}`);
    const [agent] = queryDb<{ email: string; name: string }>(app.server, "SELECT email, name FROM users WHERE email = 'agent@demo.local'");
    const agentLine = report.byAgent.find((line) => line.agent === agent!.email);
    // The demo's agent has collected cash in these 92 days (seed/demo-premiums.ts): the screen must show it.
    expect(agentLine?.fieldMinor, JSON.stringify(report.byAgent)).toBeGreaterThan(0);
    const stats = await admin.json<Stats>('/api/admin-stats');

    const page = await (await newContext(app.browser, phone(lang))).newPage();
    await loginInLanguage(page, app.server, 'admin', lang);
    await page.getByRole('heading', { level: 1, name: w.dashboard }).waitFor();
    await expect.poll(() => cardValue(page, w.collected).innerText()).toBe(formatMoneyIn(lang, stats.premiums.collectedThisMonthMinor));
    const share = stats.premiums.persistency.share;
    const shareText = share === null ? '–' : `${formatNumberIn(lang, Math.round(share * 1000) / 10, { maxFractionDigits: 1 })}%`;
    expect(await cardValue(page, w.persistency).innerText()).toBe(shareText);
    await expectNothingOverflows(page, `Admin Dashboard (${lang})`);

    const open = page.getByRole('link', { name: w.openReport });
    await expectFullyOnScreen(page, open, 'the report link');
    await open.click();
    await page.waitForURL((url) => url.pathname === `${prefix(lang)}/dashboard/collectionsReport`);
    await page.getByRole('heading', { level: 1, name: w.report }).waitFor();

    await page.getByLabel(w.from, { exact: true }).fill(from);
    await page.getByLabel(w.to, { exact: true }).fill(today);
    const show = page.getByRole('button', { name: w.show });
    await expectFullyOnScreen(page, show, 'the Show button');
    await show.click();

    const agentRow = page.getByRole('region', { name: w.byAgent }).getByRole('row').filter({ hasText: agent!.name });
    await agentRow.waitFor({ timeout: 15_000 });
    await expect.poll(() => agentRow.innerText()).toContain(formatMoneyIn(lang, agentLine!.fieldMinor));
    // Each day with a collection has its row; the latest one shows its total in the page's digits.
    const days = page.getByRole('region', { name: w.byDay }).getByRole('row');
    await expect.poll(() => days.count()).toBe(report.byDay.length + 1);
    const last = report.byDay.at(-1)!;
    expect(await days.last().innerText()).toContain(formatMoneyIn(lang, last.fieldMinor + last.onlineMinor));
    if (lang === 'bn') expect(await agentRow.innerText()).not.toMatch(/[0-9]/);
    await expectFullyOnScreen(page, agentRow, 'the agent line', { scroll: true });
    await expectNothingOverflows(page, `Collections Report (${lang})`);
    await expectNoAxeViolations(page, `Collections Report (${lang})`);

    // A range ending before it starts is refused at once, in the page's language.
    await page.getByLabel(w.from, { exact: true }).fill(today);
    await page.getByLabel(w.to, { exact: true }).fill(from);
    await show.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: w.backwards }).count()).toBe(1);
    await page.context().close();
  });
});
