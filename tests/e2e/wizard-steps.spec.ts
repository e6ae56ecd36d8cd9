import { expect, test, type Page } from '@playwright/test';
import { DEMO_USER, signIn, translated, type LanguageCode } from './support.ts';

// Issue 31, "The wizard and the quick form agree": a pickup-address click does not jump on, each
// step is a history entry (Back goes one step back, Forward returns, the draft is kept, also
// across a reload), and a phone reads "Step 3 of 6 — Recipient" instead of a sideways-scrolling
// step bar. WIZARD_SCREENSHOTS=<dir> keeps screenshots of the phone and desktop layouts.

const stepTitle = (page: Page) => page.locator('#wizard-step-title');
const screenshots = process.env.WIZARD_SCREENSHOTS;

async function openWizard(page: Page, language: LanguageCode = 'en') {
  await signIn(page, DEMO_USER);
  // The language chosen, as the language menu keeps it; the page loaded next starts in it.
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  const l = (source: string) => translated(language, source);
  await page.goto('/shipment/new');
  await expect(stepTitle(page)).toHaveText(l('Destination and product'));
  return l;
}

test("a pickup address is chosen without moving on; the browser's Back and Forward walk the steps and keep the draft", async ({ page }) => {
  await signIn(page, DEMO_USER);
  await expect(page).toHaveURL(/\/$|\/shipments/);
  const before = page.url();
  await page.getByRole('link', { name: 'New shipment' }).click();
  await expect(stepTitle(page)).toHaveText('Destination and product');
  await expect(page).toHaveURL(/\/shipment\/new\?step=1$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');

  const address = page.getByRole('radio', { name: /Priemyselná 12/ });
  await address.click();
  await expect(address).toBeChecked();
  // Still on step 2 (the delivery type's radio never moved on either): the user may change her mind.
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await expect(page).toHaveURL(/[?&]draft=/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepTitle(page)).toHaveText('Recipient');
  await expect(page).toHaveURL(/[?&]step=3/);
  await page.getByLabel('Name', { exact: true }).fill('Jana Späť');
  await page.getByLabel('City').fill('Prešov');

  await page.goBack();
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await expect(address).toBeChecked();
  await page.goBack();
  await expect(stepTitle(page)).toHaveText('Destination and product');
  await page.goForward();
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await page.goForward();
  await expect(stepTitle(page)).toHaveText('Recipient');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jana Späť');

  // A reload comes back to the same step and draft (IndexedDB), and Back still walks the steps.
  await page.reload();
  await expect(stepTitle(page)).toHaveText('Recipient');
  await expect(page.getByLabel('City')).toHaveValue('Prešov');
  await page.goBack();
  await expect(stepTitle(page)).toHaveText('Delivery and pickup address');
  await expect(address).toBeChecked();

  // Back from the first step leaves the wizard for the page before it; the draft is listed.
  await page.goBack();
  await expect(stepTitle(page)).toHaveText('Destination and product');
  await page.goBack();
  await expect(page).toHaveURL(before);
  await page.goto('/shipment/drafts');
  await expect(page.getByText('Jana Späť').first()).toBeVisible();
});

for (const language of ['sk', 'de'] as const) {
  test(`at 390 px in ${language} the wizard says which step of six it is on, without a sideways-scrolling step bar`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const l = await openWizard(page, language);
    const line = (step: number, name: string) => l('Step {step} of {count} — {name}').replace('{step}', String(step)).replace('{count}', '6').replace('{name}', l(name));
    await expect(page.getByText(line(1, 'Destination'), { exact: true })).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await page.getByRole('button', { name: l('Continue') }).click();
    await page.getByRole('radio', { name: /Priemyselná 12/ }).click();
    await page.getByRole('button', { name: l('Continue') }).click();
    await expect(page.getByText(line(3, 'Recipient'), { exact: true })).toBeVisible();
    await expect(stepTitle(page)).toHaveText(l('Recipient'));
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (screenshots) await page.screenshot({ path: `${screenshots}/wizard-390-${language}-step3.png`, fullPage: false });
    // Continue with nothing typed: each message names its field by the label's word.
    await page.getByRole('button', { name: l('Continue') }).click();
    await expect(page.getByText(l('shipment.receiver_address_line_1.required'))).toBeVisible();
    await expect(page.getByText(l('shipment.receiver_postal_code.required'))).toBeVisible();
    expect(l('shipment.receiver_address_line_1.required').toLowerCase()).toContain(l('Street').toLowerCase());
    if (screenshots) await page.screenshot({ path: `${screenshots}/wizard-390-${language}-step3-errors.png`, fullPage: true });

    // From tablet width up the six named tabs show, the summary's among them, with no line instead.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(6);
    const summary = await page.getByRole('tab', { name: l('Summary') }).boundingBox();
    expect(summary!.x + summary!.width).toBeLessThanOrEqual(768);
    await expect(page.getByText(line(3, 'Recipient'), { exact: true })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    if (screenshots) await page.screenshot({ path: `${screenshots}/wizard-768-${language}-step3.png` });
    expect(await page.getByRole('tablist').evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    // Narrower, the longest names ("Zusammenfassung") ran into each other: the line again.
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByText(line(3, 'Recipient'), { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    if (screenshots) await page.screenshot({ path: `${screenshots}/wizard-1280-${language}-step3.png` });
  });
}
