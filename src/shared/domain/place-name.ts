// What a tracking event's location may be: a place (a depot, a hub, a town, a pickup point),
// never a person, an address, a postal code, a phone number, an e-mail address, a link or markup.
// The public tracking page shows it to anyone with the postal code, so the partner feed refuses
// anything else (README, "Partner event feed") and the lookups show only what passes.
//
// A rule cannot tell a person's name from a town's by its shape ("Jana Novakova", "Nove Zamky"),
// so since issue 30 (README note 111) a location is made of a bounded vocabulary only
// (place-vocabulary.ts): towns of the networks, words for a facility (depot, hub, pickup point…),
// the partners' names, and point or depot ids (PT10015: capitals, then digits). Numbers standing
// alone (a street number, a postal code, a phone number) never fit.
import { foldText } from './text-fold.ts';
import { PLACE_PHRASE_MAX_WORDS, PLACE_PHRASES } from './place-vocabulary.ts';

/** At most this many characters: "SPS pickup point Nitra Centrum" is 30. */
export const PLACE_NAME_MAX = 60;

/** Letters of any script (with their accents), digits, single spaces and . , - – ' ’ ( ) / & */
const PLACE_CHARACTERS = /^[\p{L}\p{M}0-9 .,\-–'’()/&]+$/u;
/** A point's or a depot's id: one to four capitals, then capitals and digits with at least one digit (PT10015, ZA1). */
const POINT_ID = /^[A-Z]{1,4}[A-Z0-9]*[0-9][A-Z0-9]*$/;
/** Between the words of a place: spaces and punctuation ("Frydek-Mistek", "Ústí n. L.", "Wien (AT)"). */
const SEPARATORS = /[\s.,\-–'’()/&]+/u;

/** Whether `value` (as sent, before trimming) is a place name the public may see. */
export function isPlaceName(value: string): boolean {
  const place = value.trim();
  if (place.length === 0 || place.length > PLACE_NAME_MAX || !PLACE_CHARACTERS.test(place) || place.includes('  ')) return false;
  const words = place.split(SEPARATORS).filter((word) => word !== '');
  return words.length > 0 && madeOfVocabulary(words);
}

/** Every word is a point id or part of a phrase of the vocabulary (the longest that fits first). */
function madeOfVocabulary(words: string[]): boolean {
  const folded = words.map((word) => foldText(word));
  for (let at = 0; at < words.length; ) {
    if (POINT_ID.test(words[at]!)) {
      at += 1;
      continue;
    }
    let length = Math.min(PLACE_PHRASE_MAX_WORDS, words.length - at);
    while (length > 0 && !PLACE_PHRASES.has(folded.slice(at, at + length).join(' '))) length -= 1;
    if (length === 0) return false;
    at += length;
  }
  return true;
}
