// The camera reads the same label many times a second while it is held in front of it: a code
// counts once until it has been out of sight for `holdMs`.

export const CAMERA_HOLD_MS = 2_000;

export interface SeenCodes {
  /** True the first time `code` is seen, or when it comes back after `holdMs` out of sight. */
  isNew(code: string, at: number): boolean;
}

export function createSeenCodes(holdMs = CAMERA_HOLD_MS): SeenCodes {
  const lastSeen = new Map<string, number>();
  return {
    isNew(code, at) {
      const last = lastSeen.get(code);
      lastSeen.set(code, at);
      // Forget codes long gone so the map stays small on a long shift.
      if (lastSeen.size > 500) for (const [key, seen] of lastSeen) if (at - seen > holdMs) lastSeen.delete(key);
      return last === undefined || at - last > holdMs;
    },
  };
}
