import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, signIn } from './support.ts';

// The header must fit every language at office, depot-tablet and phone widths: nothing overlaps,
// nothing is cut at the edge, and the navigation is either in the bar or behind the menu button.
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const LANGUAGES = ['en', 'sk', 'de', 'cz'];

interface Box {
  name: string;
  left: number;
  right: number;
}

/** The header's direct parts that are shown, left to right, with their horizontal extent. */
function headerParts(page: Page): Promise<Box[]> {
  return page.getByRole('banner').evaluate((header) =>
    [...header.children]
      .map((child) => ({ child, rect: child.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0)
      .map(({ child, rect }) => ({ name: child.tagName + (child.getAttribute('aria-label') ? `[${child.getAttribute('aria-label')}]` : ''), left: rect.left, right: rect.right })),
  );
}

for (const account of [DEMO_ADMIN, DEMO_USER]) {
  for (const language of LANGUAGES) {
    test(`the header fits in ${language} for ${account.admin ? 'an admin' : 'a user'} at every width`, async ({ page }) => {
      await signIn(page, account);
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.reload();
        const profile = page.getByRole('button', { name: new RegExp(`^${account.name}`) });
        await expect(profile).toBeVisible();
        const where = `${language} at ${viewport.width}px`;

        // The content of the nav area fits it (the bar shows all links or none of them).
        const navigation = page.getByRole('banner').locator('nav');
        await expect(navigation).toHaveCount(1);
        const overflow = await page.getByRole('banner').evaluate((header) => header.scrollWidth - header.clientWidth);
        expect(overflow, `header scrolls sideways in ${where}`).toBeLessThanOrEqual(0);
        const links = navigation.locator('a:visible');
        if ((await links.count()) > 0) {
          for (const link of await links.all()) {
            const box = await link.boundingBox();
            const area = await navigation.boundingBox();
            expect(box && area && box.x >= area.x - 1 && box.x + box.width <= area.x + area.width + 1, `a link leaves the bar in ${where}`).toBe(true);
          }
        } else {
          await expect(navigation.locator('summary')).toBeVisible();
        }

        // The parts sit side by side inside the window: none overlaps the next, none is cut.
        const parts = await headerParts(page);
        for (let i = 0; i < parts.length; i++) {
          const part = parts[i]!;
          expect(part.left, `${part.name} starts outside the window in ${where}`).toBeGreaterThanOrEqual(0);
          expect(part.right, `${part.name} ends outside the window in ${where}`).toBeLessThanOrEqual(viewport.width + 0.5);
          const next = parts[i + 1];
          if (next) expect(part.right, `${part.name} overlaps ${next.name} in ${where}`).toBeLessThanOrEqual(next.left + 0.5);
        }
        const profileBox = await profile.boundingBox();
        expect(profileBox && profileBox.x + profileBox.width <= viewport.width, `profile button cut in ${where}`).toBe(true);
      }
      // At office width in English the links are in the bar, as the other journeys expect.
      if (language === 'en') {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.reload();
        await expect(page.getByRole('banner').locator('nav').getByRole('link', { name: account.admin ? 'Companies' : 'Shipments' })).toBeVisible();
      }
    });
  }
}

test('the menu button holds every link where the bar does not fit', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 768, height: 1024 });
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByLabel('Open menu').click();
  for (const name of ['Companies', 'Partners', 'Shipments', 'Scan', 'Reports', 'Audit log', 'User manual']) await expect(navigation.getByRole('link', { name })).toBeVisible();
  await navigation.getByRole('link', { name: 'Scan' }).click();
  await expect(page).toHaveURL(/\/shipment\/scan$/);
  await expect(navigation.getByRole('link', { name: 'Scan' })).toBeHidden();
});

test('a skip link leads past the header to the content', async ({ page }) => {
  await signIn(page, DEMO_USER);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();
});
