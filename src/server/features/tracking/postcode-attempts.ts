// The postal-code brake of the tracking lookups (issue 18, "postcode oracle"). A postal code shows
// a parcel's full tracking (destination country, places, partner), so guessing one must not pay:
// wrong postal codes are counted per PARCEL, whoever asks (any address, signed in or not, both
// lookup routes together), and past the limit every postal-code check of that parcel answers 429,
// the right postal code too, until the window has passed. Lookups without a postal code still
// show the parcel's status. Only callers who may read the postal code anyway (the owner, admins)
// are not counted.
//
// The counters are rate-limiter-flexible's, made by `limitCounters`: rows shared by every instance
// on PostgreSQL (a parcel's guesses count across the cluster), memory on PGlite (issue 20).
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryCounters, type LimitCounters } from '#server/db/limit-counters.ts';

export interface PostcodeLimit {
  /** Wrong postal codes allowed for one parcel within `windowSeconds`. */
  wrong: number;
  windowSeconds: number;
}

/** A quick brake (a person mistyping tries a few times) and a daily one (guessing stays hopeless). */
export const DEFAULT_POSTCODE_LIMITS: readonly PostcodeLimit[] = [
  { wrong: 5, windowSeconds: 15 * 60 },
  { wrong: 20, windowSeconds: 24 * 60 * 60 },
];

export interface PostcodeAttempts {
  /**
   * Takes one attempt for the parcel before its postal code is compared: 0 when it may be
   * compared, else the seconds to wait. Taken first and given back when right, so that parallel
   * guesses cannot all be compared before the first wrong one is counted.
   */
  take(trackingNumber: string): Promise<number>;
  /** The postal code was right: the attempt taken does not count. */
  giveBack(trackingNumber: string): Promise<void>;
}

/** Memory counters (one process) unless the application hands its own (shared on PostgreSQL). */
export function postcodeAttempts(limits: readonly PostcodeLimit[] = DEFAULT_POSTCODE_LIMITS, counters: LimitCounters = memoryCounters()): PostcodeAttempts {
  const limiters: RateLimiterAbstract[] = limits.map((limit, i) => counters.counter({ keyPrefix: `tracking_zip_${i}`, points: limit.wrong, duration: limit.windowSeconds }));

  return {
    async take(trackingNumber) {
      // One window after the other, the quick one first, and the next only once this one allowed
      // it: consumed all at once, parallel guesses reach the windows in different orders on
      // PostgreSQL, so one could pass the quick window and be refused by the daily one while
      // another was refused by the quick one: fewer than allowed compared (seen as 4 of 5).
      for (const [i, limiter] of limiters.entries()) {
        try {
          await limiter.consume(trackingNumber);
        } catch (refusal) {
          // A counter refuses with its state; anything else is a real fault (the database).
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          // A refused attempt compares nothing, so it costs nothing in the windows that had room.
          await Promise.all(limiters.slice(0, i).map((passed) => passed.reward(trackingNumber, 1)));
          return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        }
      }
      return 0;
    },
    async giveBack(trackingNumber) {
      await Promise.all(limiters.map((limiter) => limiter.reward(trackingNumber, 1)));
    },
  };
}
