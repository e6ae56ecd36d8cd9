import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { useMemo, type ComponentProps, type MouseEvent } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { isSafeUrl } from '../render-manual.ts';

/**
 * Saves a sample file through fetch, which the service worker answers from its precache: a
 * `download` link's own request bypasses the worker, so it failed offline. Any failure leaves
 * the link to the browser.
 */
function saveSample(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void fetch(href)
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = href.slice(href.lastIndexOf('/') + 1);
      document.body.append(link);
      link.click();
      link.remove();
      // The download has its own copy once started; the object URL only has to outlive the click.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    })
    .catch(() => window.location.assign(href));
}

// The manual's elements in the portal's look (no typography plugin: a few rules are enough).
const components: Partial<Components> = {
  h1: (props) => <h1 className="mb-4 text-3xl font-semibold" {...props} />,
  h2: (props) => <h2 className="mt-10 mb-3 scroll-mt-24 border-b border-base-300 pb-1 text-2xl font-semibold" {...props} />,
  h3: (props) => <h3 className="mt-6 mb-2 scroll-mt-24 text-lg font-semibold" {...props} />,
  p: (props) => <p className="my-3 leading-relaxed" {...props} />,
  ul: (props) => <ul className="my-3 list-disc space-y-1 ps-6" {...props} />,
  ol: (props) => <ol className="my-3 list-decimal space-y-1 ps-6" {...props} />,
  blockquote: (props) => <blockquote className="my-3 border-s-4 border-primary/40 bg-base-200 px-4 py-2" {...props} />,
  code: (props) => <code className="rounded bg-base-200 px-1 font-mono text-sm" {...props} />,
  table: (props) => (
    <div className="my-4 overflow-x-auto">
      <table className="table table-sm" {...props} />
    </div>
  ),
  // The table's header text at full strength: daisyUI's muted header is too faint on a grey row.
  th: (props) => <th className="text-base-content" {...props} />,
  a: ({ href, ...props }: ComponentProps<'a'>) =>
    isSafeUrl(href) ? (
      <a
        className="link link-primary"
        href={href}
        {...(/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        // A sample file (e.g. a pickup-point list) is saved, not opened as the app's page.
        {...(href.startsWith('/csv/') ? { download: '', onClick: (event: MouseEvent<HTMLAnchorElement>) => saveSample(event, href) } : {})}
        {...props}
      />
    ) : (
      <span {...props} />
    ),
  img: ({ src, alt, ...props }: ComponentProps<'img'>) =>
    typeof src === 'string' && isSafeUrl(src) ? (
      <img className="my-4 h-auto max-w-full rounded-box border border-base-300 shadow-sm" src={src} alt={alt ?? ''} loading="lazy" decoding="async" {...props} />
    ) : null,
};

/** The rendered manual (a hast tree from renderManual): the tree is ours, every URL in it checked. */
export function ManualArticle({ tree }: { tree: Root }) {
  const content = useMemo(() => toJsxRuntime(tree, { Fragment, jsx, jsxs, components }), [tree]);
  return <article className="min-w-0 max-w-3xl">{content}</article>;
}
