// The public tracking pages as the server renders them (issue 19): a phone's first visit gets the
// answer in the first HTML and no JavaScript before its first paint (one deferred script registers
// the tracking page's offline worker after load, README note 125). Built by `vite build --ssr`
// (vite.config.ts) into dist/.ssr/public-pages.js, which the server loads (server/features/tracking/
// public-pages.plugin.ts); the contract between them is shared/contract/public-pages.ts. The pages
// are the app's own components: the form submits as a plain GET, errors offer links where the
// app has buttons, the language is a link per language. An installed app (its service worker)
// still opens these addresses in the browser's light public app (public-tracking-main.tsx).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  PUBLIC_PAGE_TIME_ZONE,
  type PackageTrackingPageInput,
  type PublicPageFrame,
  type PublicPagesRenderer,
  type RenderedPage,
  type TrackLinkFailedPageInput,
} from '#shared/contract/public-pages.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { DisplayTimeZone } from '#web/lib/format.ts';
import { LanguageLinks } from './components/language-links.tsx';
import { OfflineLookupNote, OfflineResultNote } from './components/offline-notes.tsx';
import { PackageSearchForm } from './components/package-search-form.tsx';
import { PackageTrackingIntro } from './components/package-tracking-intro.tsx';
import { PublicTrackingFrame } from './components/public-tracking-frame.tsx';
import { PublicTrackingStatus } from './components/public-tracking-status.tsx';
import { TrackLinkFailed } from './components/track-link-failed.tsx';
import type { PublicTrackingState } from './api/use-public-tracking.ts';

function render(frame: PublicPageFrame<I18n>, page: ReactNode): string {
  return renderToString(
    <I18nProvider i18n={frame.i18n}>
      <DisplayTimeZone.Provider value={PUBLIC_PAGE_TIME_ZONE}>
        <PublicTrackingFrame languages={<LanguageLinks current={frame.language} hrefs={frame.languageHrefs} />}>{page}</PublicTrackingFrame>
      </DisplayTimeZone.Provider>
    </I18nProvider>,
  );
}

const titleOf = (i18n: I18n) => `${i18n._(msg`Track a parcel`)} · Parcel Portal`;

function PackageTrackingPage({ input }: { input: PackageTrackingPageInput<I18n> }) {
  const { answer } = input;
  const state: PublicTrackingState =
    answer === null
      ? { status: 'idle' }
      : answer.status === 'found'
        ? { status: 'success', tracking: answer.tracking }
        : { status: 'error', error: new ApiError(answer.httpStatus, answer.body) };
  return (
    <>
      {/* What the tracking page's service worker shows offline (README note 125): only the status view is kept. */}
      {input.offline ? <OfflineLookupNote /> : state.status === 'success' && state.tracking.view === 'status' && <OfflineResultNote />}
      <PackageTrackingIntro />
      <PackageSearchForm
        initial={input.search}
        busy={false}
        numberMissing={input.numberMissing}
        hidden={input.chosenLanguage && <input type="hidden" name="lang" value={input.chosenLanguage} />}
      />
      <PublicTrackingStatus state={state} retry={{ href: input.selfHref }} trackWithoutZip={input.withoutZipHref ? { href: input.withoutZipHref } : undefined} />
      {state.status === 'success' && state.tracking.events.length > 0 && (
        <p className="mt-2 text-center text-sm text-base-content/70">
          <Trans>Times are shown in Central European time (Bratislava).</Trans>
        </p>
      )}
    </>
  );
}

function TrackLinkFailedPage({ input }: { input: TrackLinkFailedPageInput<I18n> }) {
  return (
    <section className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="sr-only">
        <Trans>Track a parcel</Trans>
      </h1>
      <TrackLinkFailed error={new ApiError(input.httpStatus, input.body)} searchHref={input.searchHref} />
    </section>
  );
}

export const renderPackageTrackingPage: PublicPagesRenderer<I18n>['renderPackageTrackingPage'] = (input): RenderedPage => ({
  title: titleOf(input.i18n),
  html: render(input, <PackageTrackingPage input={input} />),
});

export const renderTrackLinkFailedPage: PublicPagesRenderer<I18n>['renderTrackLinkFailedPage'] = (input): RenderedPage => ({
  title: titleOf(input.i18n),
  html: render(input, <TrackLinkFailedPage input={input} />),
});
