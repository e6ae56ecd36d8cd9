// The postal-code brake of the tracking lookups (issue 18, "postcode oracle"; issue 30, README
// note 110). A postal code shows a parcel's full tracking (destination country, places, partner),
// so guessing one must not pay, and a crawler's guesses must not switch the full view off for the
// recipient (numbers are sequential: with a count per parcel alone, anyone could do that to every
// parcel). Wrong postal codes are counted three ways, both lookup routes together:
// - per parcel and caller (an address, or a signed-in account): the tight brake, 5 a quarter of
//   an hour and 20 a day: the crawler is refused, the recipient on their own phone is not;
// - per caller over every parcel: one address guessing across many parcels is refused too;
// - per parcel from everyone: a ceiling far above what recipients mistype, which bounds guessing
//   spread over many addresses (the oracle stays closed) at the price of refusing the recipient
//   only after that many wrong codes.
// Past a limit the postal-code check of that parcel answers 429 to that caller, the right postal
// code too, until the window has passed. Lookups without a postal code still show the parcel's
// status. Only callers who may read the postal code anyway (the owner, admins) are not counted.
//
// The counters are rate-limiter-flexible's, made by `limitCounters`: rows shared by every instance
// on PostgreSQL (a parcel's guesses count across the cluster), memory on PGlite (issue 20).
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryCounters, type LimitCounters } from '#server/db/limit-counters.ts';

export interface PostcodeLimit {
  /** Wrong postal codes allowed within `windowSeconds`. */
  wrong: number;
  windowSeconds: number;
}

export interface PostcodeLimits {
  /** Per parcel and caller: a quick brake (a person mistyping tries a few times) and a daily one. */
  perCaller: readonly PostcodeLimit[];
  /** Per caller, whatever the parcel. */
  perCallerAllParcels: readonly PostcodeLimit[];
  /** Per parcel, whoever asks: the ceiling. */
  perParcel: readonly PostcodeLimit[];
}

/** Per parcel and caller: 5 a quarter of an hour, 20 a day (what one address may guess of one parcel). */
export const DEFAULT_POSTCODE_LIMITS: readonly PostcodeLimit[] = [
  { wrong: 5, windowSeconds: 15 * 60 },
  { wrong: 20, windowSeconds: 24 * 60 * 60 },
];

export const DEFAULT_POSTCODE_CEILINGS: Omit<PostcodeLimits, 'perCaller'> = {
  perCallerAllParcels: [{ wrong: 100, windowSeconds: 24 * 60 * 60 }],
  perParcel: [{ wrong: 100, windowSeconds: 24 * 60 * 60 }],
};

export const DEFAULT_POSTCODE_ALL: PostcodeLimits = { perCaller: DEFAULT_POSTCODE_LIMITS, ...DEFAULT_POSTCODE_CEILINGS };

export interface PostcodeAttempts {
  /**
   * Takes one attempt for the parcel and caller before its postal code is compared: 0 when it may
   * be compared, else the seconds to wait. Taken first and given back when right, so that
   * parallel guesses cannot all be compared before the first wrong one is counted.
   */
  take(trackingNumber: string, caller: string): Promise<number>;
  /** The postal code was right: the attempt taken does not count. */
  giveBack(trackingNumber: string, caller: string): Promise<void>;
}

/** Memory counters (one process) unless the application hands its own (shared on PostgreSQL). */
export function postcodeAttempts(limits: PostcodeLimits = DEFAULT_POSTCODE_ALL, counters: LimitCounters = memoryCounters()): PostcodeAttempts {
  type Keyed = { limiter: RateLimiterAbstract; key: (trackingNumber: string, caller: string) => string };
  const windows = (prefix: string, list: readonly PostcodeLimit[], key: Keyed['key']): Keyed[] =>
    list.map((limit, i) => ({ limiter: counters.counter({ keyPrefix: `${prefix}_${i}`, points: limit.wrong, duration: limit.windowSeconds }), key }));
  // The tightest first: a caller refused by its own brake costs nothing in the ceilings.
  const limiters: Keyed[] = [
    ...windows('tracking_zip_caller', limits.perCaller, (trackingNumber, caller) => `${trackingNumber} ${caller}`),
    ...windows('tracking_zip_by', limits.perCallerAllParcels, (_trackingNumber, caller) => caller),
    ...windows('tracking_zip_parcel', limits.perParcel, (trackingNumber) => trackingNumber),
  ];

  return {
    async take(trackingNumber, caller) {
      // One window after the other, and the next only once this one allowed it: consumed all at
      // once, parallel guesses reach the windows in different orders on PostgreSQL, so one could
      // pass the quick window and be refused by the daily one while another was refused by the
      // quick one: fewer than allowed compared (seen as 4 of 5).
      for (const [i, { limiter, key }] of limiters.entries()) {
        try {
          await limiter.consume(key(trackingNumber, caller));
        } catch (refusal) {
          // A counter refuses with its state; anything else is a real fault (the database).
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          // A refused attempt compares nothing, so it costs nothing in the windows that had room.
          await Promise.all(limiters.slice(0, i).map((passed) => passed.limiter.reward(passed.key(trackingNumber, caller), 1)));
          return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        }
      }
      return 0;
    },
    async giveBack(trackingNumber, caller) {
      await Promise.all(limiters.map(({ limiter, key }) => limiter.reward(key(trackingNumber, caller), 1)));
    },
  };
}
