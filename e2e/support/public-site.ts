/**
 * Helpers for the public-site browser tests: put rows straight into the app's SQLite file
 * (the row factories of the seed, so the shapes match the migrations), sign in through the
 * login screen, and watch which API calls a page makes.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { blogRow, policyRow } from '../../edge-api/src/seed/factories.ts';
import type { AppServer } from './app-server.ts';

type Row = Record<string, string | number | null>;

/** Inserts rows in one transaction; the schema's triggers stamp their sync versions. */
export function insertRows(server: AppServer, table: string, rows: Row[]): void {
  if (rows.length === 0) return;
  const db = new Database(join(server.dataDir, 'insurance.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const columns = Object.keys(rows[0]!);
    const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
    db.transaction((all: Row[]) => all.forEach((row) => insert.run(row)))(rows);
  } finally {
    db.close();
  }
}

export function insertPolicies(server: AppServer, count: number, make: (i: number) => Parameters<typeof policyRow>[0] = () => ({})) {
  const rows = Array.from({ length: count }, (_, i) => policyRow(make(i)) as Row);
  insertRows(server, 'policies', rows);
  return rows;
}

export function insertBlog(server: AppServer, overrides: Parameters<typeof blogRow>[0]) {
  const row = blogRow(overrides) as Row;
  insertRows(server, 'blogs', [row]);
  return row;
}

/** Types the email (and the password) into the sign-in or registration form, once the form has settled: its Google option asks the server first. */
export async function fillCredentials(page: Page, email: string, password?: string) {
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  if (password !== undefined) await page.getByLabel('Password').fill(password);
}

/** Signs in through /login and waits until the app has left the login page. */
export async function signInThroughForm(page: Page, email: string, password = 'demo1234') {
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Records the paths of requests to this origin that are not the app's own files. */
export function recordApiCalls(page: Page, origin: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    if (request.resourceType() === 'document' || url.pathname.startsWith('/assets/') || url.pathname.startsWith('/demo/')) return;
    calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The text of the first element matching a role/name, trimmed. */
export async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? '').trim();
}

/** A toast: errors are alerts, the others statuses. */
export const toast = (page: Page, title: string, role: 'alert' | 'status' = 'alert') =>
  page.getByRole('region', { name: 'Notifications' }).getByRole(role).filter({ hasText: title });

/** Submits a sign-in or registration form the server refuses: its error toast shows, and the page stays where it is. */
export async function submitRefused(page: Page, button: string, title: string, message: string) {
  const path = new URL(page.url()).pathname;
  await page.getByRole('button', { name: button, exact: true }).click();
  await toast(page, title).getByText(message).waitFor();
  expect(new URL(page.url()).pathname).toBe(path);
}
