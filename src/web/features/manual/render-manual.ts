// A manual's markdown to a tree React can render, and the table of contents of its chapters.
// Raw HTML in the file is dropped (remark-rehype keeps none) and links and images may only point
// at http(s), mail or the portal itself: a manual is a file anyone with access to the server can
// edit, so it must not be able to run script in the portal's pages.
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

export interface ManualHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface RenderedManual {
  tree: Root;
  headings: ManualHeading[];
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug);

export function renderManual(markdown: string): RenderedManual {
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  const headings: ManualHeading[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if ((child.tagName === 'h2' || child.tagName === 'h3') && typeof child.properties.id === 'string') {
        headings.push({ id: child.properties.id, text: toString(child), depth: child.tagName === 'h2' ? 2 : 3 });
      }
      visit(child);
    }
  };
  visit(tree);
  return { tree, headings };
}

/** An address a manual may link to or show: the portal's own paths, in-page anchors, http(s) and mail. */
export function isSafeUrl(url: string | undefined): url is string {
  if (!url) return false;
  const value = url.trim();
  if (value.startsWith('#') || (value.startsWith('/') && !value.startsWith('//'))) return true;
  return /^(https?:|mailto:)/i.test(value);
}
