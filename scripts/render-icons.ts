// Renders the PWA icons (PNG) from public/favicon.svg with the system Chromium:
// `npx tsx scripts/render-icons.ts`. The PNGs are committed; run this after changing the logo.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();

async function render(size: number, file: string, maskable: boolean) {
  await page.setViewportSize({ width: size, height: size });
  // A maskable icon keeps its mark inside the central 80% safe zone on a full-bleed background.
  const inner = maskable ? Math.round(size * 0.7) : size;
  const art = maskable ? svg.replace('rx="14"', 'rx="0"') : svg;
  await page.setContent(
    `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#0b5cab' : 'transparent'}">
      <div style="width:${inner}px;height:${inner}px">${art.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
  );
  await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname, omitBackground: !maskable });
}

await render(192, 'icon-192.png', false);
await render(512, 'icon-512.png', false);
await render(512, 'icon-maskable-512.png', true);
await browser.close();
