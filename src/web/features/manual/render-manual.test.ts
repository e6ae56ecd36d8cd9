import { describe, expect, it } from 'vitest';
import { isSafeUrl, renderManual } from './render-manual.ts';

describe('renderManual', () => {
  it('gives chapters and sections ids and lists them for the table of contents', () => {
    const { headings } = renderManual('# Manual\n\n## Signing in\n\ntext\n\n### Forgotten password\n\n## Signing in\n\n#### Deep\n');
    expect(headings).toEqual([
      { id: 'signing-in', text: 'Signing in', depth: 2 },
      { id: 'forgotten-password', text: 'Forgotten password', depth: 3 },
      { id: 'signing-in-1', text: 'Signing in', depth: 2 },
    ]);
  });

  it('keeps accented headings readable in their ids', () => {
    expect(renderManual('## Zásielky a filtre').headings[0]?.id).toBe('zásielky-a-filtre');
  });

  it('drops raw HTML and renders GitHub tables', () => {
    const { tree } = renderManual('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    const json = JSON.stringify(tree);
    expect(json).not.toContain('script');
    expect(json).not.toContain('onerror');
    expect(json).toContain('"tagName":"table"');
  });
});

describe('isSafeUrl', () => {
  it('allows the portal, anchors, http(s) and mail, and nothing else', () => {
    for (const url of ['/shipments', '#signing-in', 'https://example.com', 'http://example.com', 'mailto:help@example.com', '/manual/en/a.png'])
      expect(isSafeUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x', '', undefined])
      expect(isSafeUrl(url), String(url)).toBe(false);
  });
});
