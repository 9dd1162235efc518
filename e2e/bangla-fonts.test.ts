/**
 * Issue 48: on a phone without a Bengali font, bold Bangla text (the brand, the hero's heading
 * and button, the Menu button, policy card titles, the quote page's heading, the footer) was
 * drawn with a Latin bold face, as empty boxes: Chromium shaped it with system-ui's face before
 * the app's Bengali font arrived and never drew it again. Checked through the page's own fonts
 * (CDP CSS.getPlatformFontsForNode) on this Chromium, which has no Bengali system font: every
 * Bangla run, bold included, is drawn with the app's Bengali font, as soon as that font has
 * loaded and again once the page has settled, on /bn, /bn/all-policies, /bn/get-quote and the
 * customer's, agent's and admin's dashboards, at 360x740 with the locale bn-BD.
 */
import { expectNoBengaliSystemFont } from './support/system-fonts.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { loginAs, type DemoRole } from './support/login.ts';

const app = useAppAndBrowser();
const bangla = { width: 360, height: 740, locale: 'bn-BD' };

/** The family name inside the app's Bengali font file (pwa/build/taka-font.ts cuts it from Noto Sans Bengali). */
const appBengaliFont = 'Noto Sans Bengali';
const isBengali = (char: string) => /[\u0980-\u09FF]/.test(char);

beforeAll(() => {
  expectNoBengaliSystemFont();
});

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
}

interface Run {
  text: string;
  weight: number;
  fonts: { familyName: string; isCustomFont: boolean; glyphCount: number }[];
}

/**
 * What an element's fonts were used for: its text, and the CSS-made text of it and its children
 * (a table cell's ::before label, `content: attr(data-label)`), read in the page.
 */
function drawnText(this: Element): string {
  const made = (element: Element, pseudo: string) => {
    const content = getComputedStyle(element, pseudo).content;
    return content && content !== 'none' && content !== 'normal' ? content : '';
  };
  return [this, ...this.children].map((element) => made(element, '::before') + made(element, '::after')).join('') + (this.textContent ?? '');
}

/** Every element of the page with Bengali text of its own, with the fonts its text was drawn with. */
async function collectRuns(cdp: CDPSession): Promise<Run[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as unknown as { root: DomNode };
  const elements: DomNode[] = [];
  const visit = (node: DomNode) => {
    if (['HEAD', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(node.nodeName)) return;
    if (node.nodeType === 1 && (node.children ?? []).some((child) => child.nodeType === 3 && [...child.nodeValue].some(isBengali))) elements.push(node);
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  const runs: Run[] = [];
  for (const element of elements) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: element.nodeId });
    // No fonts: not drawn (display: none, a closed select's options).
    if (fonts.length === 0) continue;
    const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: element.nodeId });
    const weight = Number(computedStyle.find((property) => property.name === 'font-weight')?.value ?? 400);
    const { object } = await cdp.send('DOM.resolveNode', { nodeId: element.nodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId!, functionDeclaration: drawnText.toString(), returnByValue: true });
    runs.push({ text: String(result.value), weight, fonts });
  }
  return runs;
}

/** The runs of the page as it is; again from the start if the page replaced an element while they were read. */
async function banglaRuns(cdp: CDPSession): Promise<Run[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await collectRuns(cdp);
    } catch (error) {
      if (attempt >= 10 || !/Could not find node|No node with given id|Cannot find context/.test(String(error))) throw error;
    }
  }
}

/**
 * A run drawn partly with a font lacking Bengali letters: the app's font is missing, or the other
 * fonts drew more glyphs than the run (and what it holds) has characters that are not Bengali
 * (spaces, Latin, punctuation; a stuck run shows one box per Bengali character).
 */
function wronglyDrawn(runs: Run[]): string[] {
  return runs.flatMap((run) => {
    const bengaliFont = run.fonts.some((font) => font.familyName === appBengaliFont && font.isCustomFont);
    const otherGlyphs = run.fonts.filter((font) => font.familyName !== appBengaliFont).reduce((sum, font) => sum + font.glyphCount, 0);
    const notBengali = [...run.text].filter((char) => !isBengali(char)).length;
    if (bengaliFont && otherGlyphs <= notBengali) return [];
    return [`${run.weight} "${run.text.replace(/\s+/g, ' ').trim().slice(0, 40)}": ${run.fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''} ×${font.glyphCount}`).join(', ')}`];
  });
}

async function fontFaceState(page: Page) {
  return page.evaluate(() => {
    const face = [...document.fonts].find((font) => font.family.replace(/"/g, '') === 'LifeSure Bengali');
    return face ? { status: face.status, display: face.display } : null;
  });
}

/** Checks the page as the font has just arrived, then once everything has loaded and settled. */
async function expectBanglaDrawnWithAppFont(page: Page, cdp: CDPSession, what: string) {
  const face = await fontFaceState(page);
  // Block, not swap: while the font loads, the letters wait unseen instead of showing as boxes.
  expect.soft(face?.display, `${what}: the Bengali font's display`).toBe('block');
  await page.evaluate(() => Promise.all([...document.fonts].filter((font) => font.family.replace(/"/g, '') === 'LifeSure Bengali').map((font) => font.load())));
  const early = await banglaRuns(cdp);
  expect(early.filter((run) => run.weight >= 600).length, `${what}: bold Bangla runs on the page`).toBeGreaterThan(2);
  expect(wronglyDrawn(early), `${what}: as the Bengali font arrived`).toEqual([]);

  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const settled = await banglaRuns(cdp);
  expect(wronglyDrawn(settled), `${what}: once the page settled`).toEqual([]);
  return settled;
}

async function newBanglaPage() {
  const context = await newContext(app.browser, bangla);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return { context, page, cdp };
}

describe('Bangla text on a phone without a Bengali font', () => {
  it('is drawn with the app’s Bengali font, bold included, on the public pages', async () => {
    const { context, page, cdp } = await newBanglaPage();
    for (const [path, heading] of [
      ['/bn', /./],
      ['/bn/all-policies', 'সকল পলিসি'],
      ['/bn/get-quote', 'বিনামূল্যে প্রিমিয়াম জেনে নিন'],
    ] as const) {
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ state: 'attached' });
      const runs = await expectBanglaDrawnWithAppFont(page, cdp, path);
      // The runs the issue names are among those checked.
      const texts = runs.filter((run) => run.weight >= 600).map((run) => run.text.trim());
      expect(texts, `${path}: the brand, the Menu button and the footer's name`).toEqual(expect.arrayContaining(['লাইফশিওর', 'মেনু', 'লাইফশিওর ইনস্যুরেন্স']));
    }
    await context.close();
  });

  it('is drawn with the app’s Bengali font on every dashboard', async () => {
    for (const role of ['user', 'agent', 'admin'] as DemoRole[]) {
      const { context, page, cdp } = await newBanglaPage();
      await loginAs(page, app.server, role, '/dashboard');
      await page.goto(`${app.server.url}/bn/dashboard`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
      const runs = await expectBanglaDrawnWithAppFont(page, cdp, `/bn/dashboard (${role})`);
      expect(runs.map((run) => run.text.trim()), `${role}: the brand and the Menu button`).toEqual(expect.arrayContaining(['লাইফশিওর', 'মেনু']));
      await context.close();
    }
  });
});
