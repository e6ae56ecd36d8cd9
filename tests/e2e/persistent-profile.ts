// Journeys in a persistent browser profile, as on a real PC or phone: the service worker, the
// cookies and localStorage survive reloads and offline spells the way they do for a user (a fresh
// context per test would drop them). Each profile lives in a temporary folder removed after the
// spec. What the pages said (console errors, failed requests, the addresses visited) is printed
// when a journey fails: these journeys ran green alone and on this machine but failed on CI's,
// where only the log comes back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import type { LanguageCode } from './support.ts';

// As playwright.config.ts launches chromium for the other journeys (its `use`).
const BASE_URL = 'http://localhost:8090';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const INTL: Record<LanguageCode, string> = { en: 'en-US', sk: 'sk-SK', de: 'de-DE', cz: 'cs-CZ' };

const folders: string[] = [];
/** What the profiles of the running test saw, newest last. */
let journal: string[] = [];

export interface ProfileOptions {
  /** The browser's own language (Accept-Language, navigator.language); English by default. */
  language?: LanguageCode;
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Another portal than the journeys' shared one (a release journey starts its own). */
  baseURL?: string;
}

function note(line: string): void {
  journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (journal.length > 400) journal = journal.slice(-300);
}

function watch(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
}

/** A browser with its own persistent profile (service workers allowed), and its first page. */
export async function persistentProfile(options: ProfileOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-profile-'));
  folders.push(dir);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    args: ARGS,
    baseURL: options.baseURL ?? BASE_URL,
    locale: INTL[options.language ?? 'en'],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    acceptDownloads: options.acceptDownloads ?? false,
  });
  const existing = context.pages()[0];
  context.on('page', watch);
  context.on('close', () => note('profile closed'));
  if (existing) watch(existing);
  const page = existing ?? (await context.newPage());
  note(`profile opened (${options.language ?? 'en'}, ${JSON.stringify(options.viewport ?? { width: 1280, height: 800 })})`);
  return { context, page };
}

/** Until the portal's service worker controls the page (its precache installed): a state, not a time. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  note('service worker controls the page');
}

/**
 * Registers what every spec using persistent profiles needs: a journey's own journal (printed
 * when it fails), and the profiles' folders removed after the spec.
 */
export function usePersistentProfiles(): void {
  test.beforeEach(() => {
    journal = [];
  });
  // Playwright reads the fixtures a hook asks for from its first argument's pattern: an option
  // fixture that costs nothing, since the journal is all this hook needs.
  test.afterEach(({ browserName: _browserName }, testInfo: TestInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    console.log(`\n--- What the browser saw in "${testInfo.title}" (newest last) ---\n${journal.join('\n')}\n--- end ---\n`);
  });
  test.afterAll(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}
