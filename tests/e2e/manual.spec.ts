import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn } from './support.ts';

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
