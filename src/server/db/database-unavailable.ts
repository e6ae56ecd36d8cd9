// Telling "the database cannot be reached" from other failures: the server is down or restarting
// (connection refused or reset, 57P01–57P03), a failover ended the connection (08xxx), it has no
// connection to spare (53300), or the pool waited too long for one. Nothing is wrong with the
// request: sent again once the database is back, it succeeds.
import { errorChain } from './database-error.ts';

/** SQLSTATEs of a database that is not there for us: connection exceptions, shutdowns, too many connections. */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Node's socket errors on the way to the database. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own words for a connection it lost or could not get (no code). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** True when `error` (or an error it wraps) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNREACHABLE.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}
