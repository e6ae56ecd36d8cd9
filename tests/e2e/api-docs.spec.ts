import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// The API reference page renders from our own origin only, breaks no rule of its CSP, puts no
// Permissions-Policy warning in the console, and lets a reader find a call by searching.
test('the API reference renders offline from our origin, within its CSP, and finds a call by search', async ({ page, baseURL }) => {
  // The first visit compresses the 4.3 MB renderer and the browser parses it: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const elsewhere: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    // Chromium warns for each feature of the Permissions-Policy header it does not know.
    if (/Permissions-Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Parcel portal API', level: 1 })).toBeVisible({ timeout: 60_000 });
  const sidebar = page.locator('aside').first();
  await expect(sidebar.getByText('Shipments', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Partner event feed', { exact: true })).toBeVisible();

  mkdirSync('/tmp/shots-apidocs', { recursive: true });
  await page.screenshot({ path: '/tmp/shots-apidocs/api-docs-1280x800.png' });

  // Search finds the create call and opens it.
  await page.getByRole('button', { name: /Search/ }).first().click();
  await page.keyboard.type('Create a shipment');
  await page.getByRole('option', { name: /Create a shipment/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Create a shipment' })).toBeVisible();
  await expect(page.getByText('Idempotency-Key').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-apidocs/api-docs-create-1280x800.png' });

  expect(elsewhere, 'requests to other origins').toEqual([]);
  expect(violations, 'CSP violations and Permissions-Policy warnings').toEqual([]);
});
