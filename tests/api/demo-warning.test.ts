// Demo data on a real installation (issue 30): every start on PostgreSQL names the demo
// credentials that still work there, until they are disabled or revoked; the embedded database
// (npm start on a laptop) and a database without demo data get no warning.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema.ts';
import { demoDataWarning, liveDemoCredentials } from '#server/db/demo-warning.ts';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';

let seeded: TestApp;
let empty: TestApp;

beforeAll(async () => {
  [seeded, empty] = await Promise.all([createTestApp(), createTestApp({ seed: false })]);
});

afterAll(async () => {
  await Promise.all([seeded?.close(), empty?.close()]);
});

describe('the demo data warning at start', () => {
  it('names every demo credential that still works on a non-embedded database', async () => {
    const warning = await demoDataWarning(seeded.database.db, false);
    expect(warning).toContain('DEMO DATA ON THIS DATABASE');
    for (const name of ['demo-admin', 'demo-user', 'demo-user-2', `partner feed key ${DEMO_PARTNER_KEY.id}`]) expect(warning).toContain(name);
  });

  it('says nothing on the embedded database, nor where no demo data was seeded', async () => {
    expect(await demoDataWarning(seeded.database.db, true)).toBeNull();
    expect(await demoDataWarning(empty.database.db, false)).toBeNull();
  });

  it('stops naming what the operator ended, and is gone once all of it is', async () => {
    const db = seeded.database.db;
    await db.update(clients).set({ enabled: false }).where(eq(clients.clientId, 'demo-admin'));
    expect(await liveDemoCredentials(db)).toEqual(['demo-user', 'demo-user-2', `partner feed key ${DEMO_PARTNER_KEY.id}`]);
    // The SQL the warning gives ends the rest.
    const warning = (await demoDataWarning(db, false))!;
    for (const statement of warning.match(/UPDATE [^;]+;/g)!) await db.execute(sql.raw(statement));
    expect(await demoDataWarning(db, false)).toBeNull();
  });
});
