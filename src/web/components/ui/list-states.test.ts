import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-error.ts';
import { isKeptCopy } from './list-states.tsx';

// When loaded data is shown as the copy kept on this device (README notes 117 and 124).
const loaded = { fetchStatus: 'idle' as const, isError: false, error: null, dataUpdatedAt: 1 };

describe('isKeptCopy', () => {
  it('online with a finished load: not the kept copy', () => {
    expect(isKeptCopy(loaded, true)).toBe(false);
  });

  it('the browser offline, a refresh waiting for the connection, or a refresh with no answer: the kept copy', () => {
    expect(isKeptCopy(loaded, false)).toBe(true);
    expect(isKeptCopy({ ...loaded, fetchStatus: 'paused' }, true)).toBe(true);
    expect(isKeptCopy({ ...loaded, isError: true, error: ApiError.offline(new TypeError('Failed to fetch')) }, true)).toBe(true);
  });

  it('a refresh the server refused is an error, not the kept copy', () => {
    expect(isKeptCopy({ ...loaded, isError: true, error: new ApiError(500, null) }, true)).toBe(false);
  });
});
