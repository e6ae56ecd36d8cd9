// Accent- and case-insensitive matching (admin filters): both the database (a generated column
// with translate(lower(…))) and the caller's filter value are folded with the same character map,
// so "zelena zahrada" finds "Zelená Záhrada". Upper-case letters are in the map because
// PostgreSQL's lower() under the C locale leaves non-ASCII letters as they are.
export const FOLD_FROM = 'áàâäãåāăąÁÀÂÄÃÅĀĂĄčćçČĆÇďđĎĐéèêëěēęÉÈÊËĚĒĘíìîïīÍÌÎÏĪĺľłĹĽŁňńñŇŃÑóòôöõőøōÓÒÔÖÕŐØŌŕřŔŘšśşșŠŚŞȘťţțŤŢȚúùûüůűūÚÙÛÜŮŰŪýÿÝŸžźżŽŹŻ';
export const FOLD_TO = 'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz';

const MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** The folded form of `text`: lower case, the map's letters without their accents. */
export function foldText(text: string): string {
  let out = '';
  for (const c of text) out += MAP.get(c) ?? c.toLowerCase();
  return out;
}
