// What a tracking event's location may be: a place (a depot, a hub, a town, a pickup point's name),
// never a person, an address with a phone number, an e-mail address, a link or markup. The public
// tracking page shows it to anyone with the postal code, so the partner feed refuses anything else
// (README, "Partner event feed") and the lookups show only what passes.
//
// A rule cannot tell a person's name from a town's; it keeps locations short and shaped like a
// place name, so that a name with a full address, a phone number or markup does not fit.

/** At most this many characters: "SPS pickup point Nitra Centrum" is 30. */
export const PLACE_NAME_MAX = 60;

/** Letters of any script (with their accents), digits, single spaces and . , - – ' ’ ( ) / & */
const PLACE_CHARACTERS = /^[\p{L}\p{M}0-9 .,\-–'’()/&]+$/u;
/** Six digits or more in a row, separated at most by spaces, dots, dashes, slashes or brackets: a phone number. */
const PHONE_LIKE = /\d(?:[\s.\-–/()]*\d){5,}/u;
/** A dot between letters without a space ("example.com", "www.x"): a web or e-mail address. */
const DOMAIN_LIKE = /\p{L}\.\p{L}{2,}/u;

/** Whether `value` (as sent, before trimming) is a place name the public may see. */
export function isPlaceName(value: string): boolean {
  const place = value.trim();
  return (
    place.length > 0 &&
    place.length <= PLACE_NAME_MAX &&
    PLACE_CHARACTERS.test(place) &&
    /\p{L}/u.test(place) &&
    !place.includes('  ') &&
    !PHONE_LIKE.test(place) &&
    !DOMAIN_LIKE.test(place)
  );
}
