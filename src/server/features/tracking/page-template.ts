// The built index.html as the frame of a page the server renders: the app's scripts, preloads and
// <noscript> left out (the page runs no JavaScript), its language, title and markup filled in. The
// stylesheet, icons and web manifest stay as the build named them.

export interface PageContent {
  /** <html lang>, a BCP 47 tag. */
  lang: string;
  title: string;
  /** The markup of the app's root element. */
  html: string;
}

const ROOT = '<div id="root"></div>';

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page maker of a build's index.html; null when it has no empty root element to fill. */
export function pageTemplate(indexHtml: string): ((content: PageContent) => string) | null {
  const stripped = indexHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/g, '');
  const at = stripped.indexOf(ROOT);
  if (at < 0 || !/<html[^>]*>/.test(stripped) || !/<title>[^<]*<\/title>/.test(stripped)) return null;
  const before = stripped.slice(0, at);
  const after = stripped.slice(at + ROOT.length);
  return ({ lang, title, html }) =>
    `${before.replace(/<html[^>]*>/, `<html lang="${escapeText(lang)}">`).replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)}<div id="root">${html}</div>${after}`;
}
