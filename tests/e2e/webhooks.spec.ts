// Webhooks on the settings page (issue 29 item 5): register an endpoint, the secret is shown once,
// a test event reaches a local receiver signed (verified with the standardwebhooks library), and
// the delivery log shows it. The e2e server allows private receivers (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1
// in playwright.config.ts). Screenshots of the page in sk and de at three sizes go to /tmp/shots-webhooks.
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { accessToken, DEMO_USER, signIn } from './support.ts';

const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(204).end();
  });
});

test.beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
});
test.afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

test('a client registers an endpoint, sees the secret once, sends a test event and finds it in the log', async ({ page, request }) => {
  test.setTimeout(120_000);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hook`;
  await signIn(page, DEMO_USER);
  await page.goto('/user/settings');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section).toBeVisible();

  await section.getByLabel('Receiver address (https)').fill(url);
  await section.getByLabel('Import finished').check();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(shown.getByLabel('Signing secret')).toHaveValue(/^whsec_[A-Za-z0-9+/]+=*$/);
  const secret = await shown.getByLabel('Signing secret').inputValue();
  await shown.getByRole('button', { name: 'Close' }).click();
  await shown.getByRole('button', { name: 'Yes, close' }).click();
  await expect(shown).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: url });
  await expect(item).toContainText('Status changed, Import finished');

  await item.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const message = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string };
  expect(message.type).toBe('webhook.test');
  const log = item.getByRole('table', { name: 'Delivery log' });
  await expect(log.getByRole('row').filter({ hasText: 'webhook.test' }).first()).toContainText('204', { timeout: 15_000 });

  // The secret is nowhere on the page once dismissed, nor after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url })).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  mkdirSync('/tmp/shots-webhooks', { recursive: true });
  for (const language of ['sk', 'de'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.reload();
      const heading = page.getByRole('heading', { name: language === 'sk' ? 'Webhooky' : 'Webhooks', level: 2 });
      await expect(heading).toBeVisible();
      await page
        .getByRole('button', { name: language === 'sk' ? 'Záznam doručení' : 'Zustellprotokoll' })
        .first()
        .click();
      await expect(page.getByRole('table').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-webhooks/settings-${language}-${width}x${height}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));

  // Leave the shared demo company as it was.
  const headers = { authorization: `Bearer ${await accessToken(request, DEMO_USER)}` };
  const list = (await (await request.get('/api/v1/webhooks', { headers })).json()) as Array<{ id: string; url: string }>;
  for (const webhook of list.filter((w) => w.url === url)) await request.delete(`/api/v1/webhooks/${webhook.id}`, { headers });
});
