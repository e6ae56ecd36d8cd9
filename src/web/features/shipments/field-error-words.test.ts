// The wizard and the send form name a field by its label; a "required" message under it names it
// by the same word, in every language (issue 31: "Address is required" stood under "Street",
// "ZIP is required" under "Postal code"). Read from the catalogs the app and the server use.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';

const LANGUAGES = ['en', 'sk', 'de', 'cz'] as const;

/** msgid -> msgstr of a catalog's single-line entries (enough for labels and field messages). */
function catalog(language: string): Map<string, string> {
  const source = readFileSync(resolve(import.meta.dirname, `../../locales/${language}/messages.po`), 'utf8');
  const entries = new Map<string, string>();
  for (const match of source.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) entries.set(match[1]!, match[2]!);
  return entries;
}

/** A field's label (as the forms write it) and the message of its required check. */
const FIELDS: ReadonlyArray<[label: string, message: { id: string }]> = [
  ['Name', shipmentMessages.nameRequired],
  ['Street', shipmentMessages.addressRequired],
  ['City', shipmentMessages.cityRequired],
  ['Postal code', shipmentMessages.zipRequired],
  ['Phone', shipmentMessages.phoneRequired],
  ['Email', shipmentMessages.emailRequired],
  ['Content', shipmentMessages.contentRequired],
  ['Goods type', shipmentMessages.goodsTypeRequired],
  ['Sender name on the label', shipmentMessages.labelSenderRequired],
];

describe.each(LANGUAGES)('field messages in %s', (language) => {
  const entries = catalog(language);
  it.each(FIELDS)('the message under "%s" names it by its label', (label, message) => {
    const word = entries.get(label);
    const text = entries.get(message.id);
    expect(word, `no translation of the label "${label}"`).toBeTruthy();
    expect(text, `no translation of ${message.id}`).toBeTruthy();
    expect(text!.toLocaleLowerCase(language === 'cz' ? 'cs' : language)).toContain(word!.toLocaleLowerCase(language === 'cz' ? 'cs' : language));
  });
});
