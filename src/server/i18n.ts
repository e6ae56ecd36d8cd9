// Server-side translation of the shared messages with the same compiled Lingui catalogs the web
// app loads, so an error reads the same in the API answer and on screen.
import { existsSync, readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, languageFromAcceptLanguage, type LanguageCode } from '#shared/domain/languages.ts';
import { findMessage } from '#shared/i18n/find-message.ts';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';
import { fromRoot } from './paths.ts';

export type Translate = (message: MessageDescriptor | string, values?: Record<string, unknown>) => string;

const localesDir = `${fromRoot('src/web/locales')}/`;

function loadCatalog(code: LanguageCode): Messages {
  const file = `${localesDir}${code}/messages.json`;
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { messages: Messages }).messages;
}

const instances = new Map<LanguageCode, I18n>(
  LANGUAGES.map(({ code, intl }) => {
    const i18n = setupI18n();
    // Catalogs are precompiled; the compiler only serves descriptors missing from a stale catalog.
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(code, loadCatalog(code));
    i18n.activate(code, [intl]);
    return [code, i18n];
  }),
);

/** The portal's catalog in `language`, activated (the server-rendered public pages render with it). */
export function i18nFor(language: LanguageCode): I18n {
  return instances.get(language) ?? instances.get('en')!;
}

export function translator(language: LanguageCode): Translate {
  const i18n = i18nFor(language);
  return (message, values) => {
    // A schema message is an id of ours; any other string is passed through as it is.
    const descriptor = typeof message === 'string' ? findMessage(message) : message;
    if (!descriptor) return message as string;
    return i18n._({ id: descriptor.id, message: descriptor.message, values });
  };
}

export function translatorForHeader(acceptLanguage: string | undefined): Translate {
  return translator(languageFromAcceptLanguage(acceptLanguage));
}
