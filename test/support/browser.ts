/**
 * Debian's Chromium driven by playwright-core (never a browser download), with an empty profile, and axe-core
 * run in the page. `chromiumPath()` is null when no Chromium is installed: the browser suites then skip, saying so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { phase } from './profile';

export function chromiumPath(): string | null {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** A browser with an empty --user-data-dir of its own (removed by close()). */
/** A browser opened for a suite: its context (pages) and how to close it. */
export type OpenBrowser = { context: BrowserContext; close(): Promise<void> };

/** The options of a browser suite: skipped, with a visible message, when the machine has no Chromium. */
export function browserSuite(): { skip: string | false } {
  if (chromiumPath()) return { skip: false };
  console.log('# SKIPPED: the console browser tests need Chromium (apt-get install chromium, or CHROMIUM_PATH)');
  return { skip: 'Chromium not found (apt-get install chromium)' };
}

export async function openBrowser(viewport = { width: 1440, height: 900 }): Promise<OpenBrowser> {
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-chromium-'));
  const context = await phase('browser start', () => chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath()!, headless: true, args: CHROMIUM_FLAGS, viewport, acceptDownloads: true, locale: 'es-CO',
    bypassCSP: true, // lets the test inject axe-core; the console's own pages never need it
  }));
  return { context, close: async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

/** The serious and critical axe-core violations of the page as it stands ("rule: target" strings). */
export async function axeViolations(page: Page): Promise<string[]> {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result: any = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v: any) => v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')}`));
}

/** Signs in to the console at `url` as a person would (the session's cookies cleared first): the login form, submitted. */
export async function signIn(browser: OpenBrowser, page: Page, url: string, email: string, password: string): Promise<void> {
  await browser.context.clearCookies();
  await page.goto(`${url}/app/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
}
