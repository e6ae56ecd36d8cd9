import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#shared/domain/languages.ts';

export interface ManualText {
  markdown: string;
  /** The manual's language: the one asked for, or English when that one has no manual. */
  language: LanguageCode;
}

class ManualMissing extends Error {}

async function fetchManual(language: LanguageCode, signal: AbortSignal): Promise<string> {
  // Accept: markdown, so that the server answers 404 rather than the app's page for a missing file.
  const response = await fetch(`/user-manual-${language}.md`, { signal, headers: { accept: 'text/markdown, text/plain' } });
  if (response.status === 404) throw new ManualMissing(language);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** Spec: the manual in the user's language, English when that one is missing (404). */
export async function loadManual(language: LanguageCode, signal: AbortSignal): Promise<ManualText> {
  try {
    return { markdown: await fetchManual(language, signal), language };
  } catch (error) {
    if (!(error instanceof ManualMissing) || language === DEFAULT_LANGUAGE) throw error;
    return { markdown: await fetchManual(DEFAULT_LANGUAGE, signal), language: DEFAULT_LANGUAGE };
  }
}

/** The service worker keeps a read manual for offline use; the query only spares refetches while the app is open. */
export function useManual(language: LanguageCode) {
  return useQuery({
    queryKey: ['manual', language],
    queryFn: ({ signal }) => loadManual(language, signal),
    staleTime: 60 * 60_000,
  });
}
