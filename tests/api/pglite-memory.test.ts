// The embedded database's memory (issue 34, README note 130): PGlite runs with a 32 MB page cache
// instead of PostgreSQL's 128 MB, the largest part of an idle portal's memory once touched (a
// WebAssembly heap never gives memory back). The files are cached by the kernel besides.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SHARED_BUFFERS, queryRows } from '#server/db/client.ts';

describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database', () => {
  it('starts with its small page cache', async () => {
    const database = await openPglite();
    try {
      const [setting] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(setting?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});
