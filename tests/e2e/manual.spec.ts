import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO_ADMIN, DEMO_USER, signIn } from './support.ts';

test('the manual reads in the interface language, switches with it, and opens offline after one visit', async ({ page, context }) => {
  await signIn(page, DEMO_USER);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User manual' }).click();
  await expect(page).toHaveURL(/\/user\/manual$/);
  await expect(page.getByRole('heading', { name: 'Parcel Portal user manual', level: 1 })).toBeVisible();

  // The contents lead to the chapters by their anchors.
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: 'Importing shipments' }).click();
  await expect(page).toHaveURL(/#importing-shipments$/);
  await expect(page.getByRole('heading', { name: 'Importing shipments', level: 2 })).toBeInViewport();

  // Screenshots load (lazily) and are real images.
  const picture = page.locator('article img').first();
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Switching the language switches the manual.
  await page.getByLabel('Language').first().selectOption('sk');
  await expect(page.getByRole('heading', { name: 'Používateľská príručka Parcel Portal', level: 1 })).toBeVisible();

  // Offline after this visit: the page, the manual and its first picture come from the service worker.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Read once more under the service worker so that it keeps the manual and its pictures.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Používateľská príručka Parcel Portal', level: 1 })).toBeVisible();
  const first = page.locator('article img').first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Používateľská príručka Parcel Portal', level: 1 })).toBeVisible();
  const offlinePicture = page.locator('article img').first();
  await offlinePicture.scrollIntoViewIfNeeded();
  await expect.poll(() => offlinePicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await context.setOffline(false);
});

// The admin chapter (issue 31, README note 122): in each language, reached from the contents,
// with its sections; the pickup-point samples it links download as the files the importer reads,
// offline too (they are precached).
const ADMIN_CHAPTER = {
  en: { chapter: 'For carrier admins: setting up a client', sections: ['Onboarding a client step by step', 'Products', 'Roles', 'Pickup-point list formats'] },
  sk: { chapter: 'Pre administrátorov dopravcu: nastavenie klienta', sections: ['Založenie klienta krok za krokom', 'Produkty', 'Roly', 'Formáty zoznamov výdajných miest'] },
  de: {
    chapter: 'Für Admins des Zustellers: einen Kunden einrichten',
    sections: ['Einen Kunden Schritt für Schritt einrichten', 'Produkte', 'Rollen', 'Formate der Abholstellenlisten'],
  },
  cz: { chapter: 'Pro administrátory dopravce: nastavení klienta', sections: ['Založení klienta krok za krokem', 'Produkty', 'Role', 'Formáty seznamů výdejních míst'] },
} as const;

test('the admin chapter is in every language and its pickup-point samples download, offline too', async ({ page, context }) => {
  // Four languages, two downloads and three reloads under the service worker: more than the default 30 s.
  test.setTimeout(90_000);
  await signIn(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User manual' }).click();
  await expect(page).toHaveURL(/\/user\/manual$/);

  for (const [language, { chapter, sections }] of Object.entries(ADMIN_CHAPTER)) {
    await page
      .getByLabel(/^(Language|Jazyk|Sprache)$/)
      .first()
      .selectOption(language);
    const contents = page.getByRole('navigation', { name: /^(Contents|Obsah|Inhalt)$/ });
    await contents.getByRole('link', { name: chapter, exact: true }).click();
    await expect(page.getByRole('heading', { name: chapter, level: 2 })).toBeInViewport();
    for (const section of sections) await expect(contents.getByRole('link', { name: section, exact: true })).toHaveCount(1);
    // One sample per partner format, linked from the chapter.
    await expect(page.locator('article a[href^="/csv/pickup-points-"]')).toHaveCount(4);
  }

  await page
    .getByLabel(/^(Language|Jazyk|Sprache)$/)
    .first()
    .selectOption('en');
  const sample = page.getByRole('link', { name: 'pickup-points-sps.csv' });
  const [download] = await Promise.all([page.waitForEvent('download'), sample.click()]);
  expect(download.suggestedFilename()).toBe('pickup-points-sps.csv');
  expect((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')).toMatch(/^kod;nazov;typ;/);

  // Offline, once the service worker controls the page: the manual and the sample still come.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: ADMIN_CHAPTER.en.chapter, level: 2 })).toBeAttached();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: ADMIN_CHAPTER.en.chapter, level: 2 })).toBeAttached();
  const [offline] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'pickup-points-post_pl.csv' }).click()]);
  expect((await readFile(await offline.path(), 'utf8')).replace(/^\uFEFF/, '')).toMatch(/^pni;nazwa;typ;/);
  await context.setOffline(false);
});
