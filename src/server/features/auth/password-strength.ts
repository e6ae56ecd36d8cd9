// Whether a new password is too easy to guess: zxcvbn's estimate against its common-password and
// English dictionaries (offline, no request leaves the server) and the caller's own details (a
// password made of one's name, login or company is among the first an attacker tries).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { foldText } from '#shared/domain/text-fold.ts';

/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses and up. */
const MIN_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a moment and memory that most servers never need. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...english.dictionary } });
  return factory;
}

export function isGuessable(password: string, personal: readonly string[]): boolean {
  // Folded too: "Zelená Záhrada" is typed "zelena zahrada" as often as not.
  const words = personal.flatMap((value) => [value, ...value.split(/[\s@.,_-]+/)]).filter((value) => value.length >= 3);
  const inputs = [...new Set([...words, ...words.map(foldText)])];
  if (estimator().check(password, inputs).score < MIN_SCORE) return true;
  // zxcvbn rates "Zelena Zahrada 2026" highly for a company of that name: what is left without
  // the caller's own words must be strong on its own.
  let rest = foldText(password);
  for (const word of inputs.map(foldText).sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return estimator().check(rest.trim()).score < MIN_SCORE;
}
