import { expect, test } from '@playwright/test';
import { translated, type LanguageCode } from './support.ts';

const CHOICES: Array<{ code: LanguageCode; name: string; htmlLang: string }> = [
  { code: 'sk', name: 'Slovenčina', htmlLang: 'sk' },
  { code: 'de', name: 'Deutsch', htmlLang: 'de' },
  { code: 'cz', name: 'Čeština', htmlLang: 'cs' },
];

for (const choice of CHOICES) {
  test(`switching to ${choice.name} translates the page and survives a reload`, async ({ page }) => {
    const heading = translated(choice.code, 'Sign in');
    const clientIdLabel = translated(choice.code, 'Client ID');
    const languageLabel = translated(choice.code, 'Language');
    expect(heading, `the ${choice.code} catalog should translate "Sign in"`).not.toBe('Sign in');

    await page.goto('/user/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('Language').selectOption({ label: choice.name });

    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByLabel(clientIdLabel, { exact: true })).toBeVisible();
    await expect(page.getByLabel(languageLabel, { exact: true })).toHaveValue(choice.code);
    await expect(page.locator('html')).toHaveAttribute('lang', choice.htmlLang);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(choice.code);

    await page.reload();

    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', choice.htmlLang);
    await expect(page.getByLabel(languageLabel, { exact: true })).toHaveValue(choice.code);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toHaveCount(0);
  });
}
