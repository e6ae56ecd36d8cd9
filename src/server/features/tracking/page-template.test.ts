import { describe, expect, it } from 'vitest';
import { pageTemplate } from './page-template.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Parcel Portal</title>
    <script type="module" crossorigin src="/assets/index-BspwbUkb.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/start-Ab12.js">
    <link rel="stylesheet" crossorigin href="/assets/index-G0FJTtjC.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
    <noscript>Parcel Portal needs JavaScript.</noscript>
  </body>
</html>`;

describe('pageTemplate', () => {
  const page = pageTemplate(BUILT)!({ lang: 'sk', title: 'Sledovanie <zásielky> · Parcel Portal', html: '<main>hi</main>' });

  it('keeps the stylesheet and manifest, and leaves out every script, preload and the no-script notice', () => {
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-G0FJTtjC.css">');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page).not.toMatch(/<script|modulepreload|<noscript/);
  });

  it('fills in the language, the title (as text) and the markup', () => {
    expect(page).toContain('<html lang="sk">');
    expect(page).toContain('<title>Sledovanie &lt;zásielky&gt; · Parcel Portal</title>');
    expect(page).toContain('<div id="root"><main>hi</main></div>');
  });

  it('is null for a file without an empty root element', () => {
    expect(pageTemplate('<html><head><title>x</title></head><body></body></html>')).toBeNull();
  });
});
