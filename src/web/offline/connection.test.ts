import { describe, expect, it } from 'vitest';
import { ANSWERING_MS, Connection, MAX_CONSECUTIVE_NETWORK_FAILURES, RETRY_SOON_MS, SILENT_TO_PROBE } from './connection.ts';

const T0 = 1_000_000;
const silent = { silent: true, probe: false };
const serverError = { silent: false, probe: false };

describe('Connection: the wait after a failure follows the connection', () => {
  it('without answers the step rises once per round: 2 s · 2^(step − 1), three quarters with random 0.5', () => {
    const connection = new Connection(() => 0.5);
    // A window of six requests failing together is one failed round.
    const first = [0, 1, 2, 3, 4, 5].map((i) => connection.failed(T0 + i, serverError).nextAttemptAt - (T0 + i));
    expect(first).toEqual([1_500, 1_500, 1_500, 1_500, 1_500, 1_500]);
    expect(connection.step).toBe(1);
    // The next round comes after the first step's shortest wait (1 s): one step more.
    expect(connection.failed(T0 + 1_500, serverError).nextAttemptAt).toBe(T0 + 1_500 + 3_000);
    expect(connection.failed(T0 + 1_600, serverError).nextAttemptAt).toBe(T0 + 1_600 + 3_000);
    expect(connection.failed(T0 + 4_600, serverError).nextAttemptAt).toBe(T0 + 4_600 + 6_000);
    expect(connection.step).toBe(3);
  });

  it('while the server gives verdicts on other rows a failed row goes again RETRY_SOON_MS later', () => {
    const connection = new Connection(() => 0.5);
    connection.answered(T0, true);
    expect(connection.failed(T0 + 10, silent).nextAttemptAt).toBe(T0 + 10 + RETRY_SOON_MS);
    // Still answering shortly after the last verdict; not any more after ANSWERING_MS.
    expect(connection.failed(T0 + ANSWERING_MS, silent).nextAttemptAt).toBe(T0 + ANSWERING_MS + RETRY_SOON_MS);
    expect(connection.failed(T0 + ANSWERING_MS + 1, silent).nextAttemptAt).toBeGreaterThan(T0 + ANSWERING_MS + 1 + RETRY_SOON_MS);
  });

  it('a row that failed during an outage is due soon once the server answers again, whatever its own backoff', () => {
    const connection = new Connection(() => 0.5);
    // Minutes of failures: the row waits minutes by the backoff.
    let at = T0;
    for (let i = 0; i < 9; i++) at += connection.failed(at, silent).nextAttemptAt - at;
    const row = { ...connection.failed(at, silent), updatedAt: at };
    expect(row.nextAttemptAt - at).toBeGreaterThan(60_000);
    expect(connection.dueAt(row)).toBe(row.nextAttemptAt);

    // Another row is accepted a second later: this one goes RETRY_SOON_MS after its failure.
    connection.answered(at + 1_000, true);
    expect(connection.step).toBe(0);
    expect(connection.dueAt(row)).toBe(at + RETRY_SOON_MS);
  });

  it("never sooner than the server's Retry-After", () => {
    const connection = new Connection(() => 0.5);
    connection.answered(T0, true);
    const wait = connection.failed(T0, { silent: false, probe: false, retryAfterMs: 30_000 });
    expect(wait).toEqual({ nextAttemptAt: T0 + 30_000, notBefore: T0 + 30_000 });
    connection.answered(T0 + 100, true);
    expect(connection.dueAt({ ...wait, updatedAt: T0 })).toBe(T0 + 30_000);
  });

  it('a fresh start begins the backoff at its first step again', () => {
    const connection = new Connection(() => 0.5);
    connection.failed(T0, serverError);
    connection.failed(T0 + 2_000, serverError);
    expect(connection.step).toBe(2);
    connection.reset();
    expect(connection.failed(T0 + 2_100, serverError).nextAttemptAt).toBe(T0 + 2_100 + 1_500);
  });
});

describe('Connection: the window and a lost network', () => {
  it('one request at a time until the server answers, then the whole window', () => {
    const connection = new Connection();
    connection.beginDrain();
    expect(connection.window(6)).toBe(1);
    connection.answered(T0, true);
    expect(connection.window(6)).toBe(6);
    // An answer that is not a verdict (5xx, 401) shows the server is there too.
    connection.beginDrain();
    connection.failed(T0, serverError);
    expect(connection.window(6)).toBe(6);
  });

  it(`closes to one request after ${SILENT_TO_PROBE} sends in a row without an answer, and opens again on the next answer`, () => {
    const connection = new Connection();
    connection.answered(T0, true);
    for (let i = 1; i < SILENT_TO_PROBE; i++) connection.failed(T0, silent);
    expect(connection.window(6)).toBe(6);
    connection.failed(T0, silent);
    expect(connection.window(6)).toBe(1);
    // The requests still in flight from the open window do not count as probes.
    connection.failed(T0, silent);
    expect(connection.lost).toBe(false);
    connection.answered(T0, true);
    expect(connection.window(6)).toBe(6);
  });

  it(`takes the network as gone after ${MAX_CONSECUTIVE_NETWORK_FAILURES} probes in a row without an answer`, () => {
    const connection = new Connection();
    connection.beginDrain();
    for (let i = 1; i < MAX_CONSECUTIVE_NETWORK_FAILURES; i++) connection.failed(T0, { silent: true, probe: true });
    expect(connection.lost).toBe(false);
    connection.failed(T0, { silent: true, probe: true });
    expect(connection.lost).toBe(true);
    // The next drain (a timer, a new row) tries once more: one probe without an answer ends it.
    connection.beginDrain();
    expect(connection.lost).toBe(false);
    connection.failed(T0, { silent: true, probe: true });
    expect(connection.lost).toBe(true);
    // A fresh start (the network is back, "sync now") tries three times again.
    connection.reset();
    connection.beginDrain();
    for (let i = 1; i < MAX_CONSECUTIVE_NETWORK_FAILURES; i++) connection.failed(T0, { silent: true, probe: true });
    expect(connection.lost).toBe(false);
  });

  it('a lossy network (a fifth of the requests unanswered) is never taken as gone while answers come', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const connection = new Connection(() => 0.5);
    connection.beginDrain();
    let lost = 0;
    for (let i = 0; i < 5_000; i++) {
      const probe = !connection.open;
      if (random() < 0.2) connection.failed(T0 + i, { silent: true, probe });
      else connection.answered(T0 + i, true);
      if (connection.lost) lost += 1;
    }
    expect(lost).toBe(0);
  });
});
