// Accent- and case-insensitive matching (admin filters): both the database (a generated column
// with translate(lower(…))) and the caller's filter value are folded with the same character map,
// so "zelena zahrada" finds "Zelená Záhrada". Upper-case letters are in the map because
// PostgreSQL's lower() under the C locale leaves non-ASCII letters as they are.
export const FOLD_FROM = 'áàâäãåāăąÁÀÂÄÃÅĀĂĄčćçČĆÇďđĎĐéèêëěēęÉÈÊËĚĒĘíìîïīÍÌÎÏĪĺľłĹĽŁňńñŇŃÑóòôöõőøōÓÒÔÖÕŐØŌŕřŔŘšśşșŠŚŞȘťţțŤŢȚúùûüůűūÚÙÛÜŮŰŪýÿÝŸžźżŽŹŻ';
export const FOLD_TO = 'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz';

const MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

const NON_ASCII = /[\u0080-\uffff]/g;

/** The folded form of `text`: lower case, the map's letters without their accents. */
export function foldText(text: string): string {
  // Lower case first (the map holds both cases), then only non-ASCII letters are looked up: the
  // picker's index folds 30,000 points' texts at a time.
  return text.toLowerCase().replace(NON_ASCII, (c) => MAP.get(c) ?? c);
}
