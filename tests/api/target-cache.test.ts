// What a new shipment is checked against is kept by the instance (issue 34, README note 132): a
// change nobody announces (here, straight in the database, as another instance's admin write
// looks from here) shows only when the cache lets go of it, while an administrator's write on this
// instance empties it before its answer leaves, so the next create sees the change at once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companyProducts } from '#server/db/schema.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, shipmentPayload } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let companyId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ referenceCacheMs: 60_000 });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [user] = await t.database.db.select({ id: clients.id, companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  companyId = user!.companyId;
  userId = user!.id;
});

afterAll(async () => {
  await t?.close();
});

const letterToAustria = () => shipmentPayload({ receiver_country: 'AT', receiver_city: 'Wien', receiver_postal_code: '1010', receiver_phone: '+43 1 5321234', product: 'TRC' });

describe('the reference cache of new shipments', () => {
  it('keeps a client’s products until an administrator’s write here empties it', async () => {
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/company/${companyId}/product?country=AT&product=TRC`, headers: bearer(adminToken) });
    expect((await postShipment(t.app, userToken, letterToAustria())).statusCode).toBe(201);

    // Removed behind the instance's back: the cached products still allow it.
    await t.database.db.delete(companyProducts).where(and(eq(companyProducts.companyId, companyId), eq(companyProducts.country, 'AT'), eq(companyProducts.product, 'TRC')));
    expect((await postShipment(t.app, userToken, letterToAustria())).statusCode).toBe(201);

    // Any administrator's write on this instance forgets every cached read before it answers.
    const added = await t.app.inject({ method: 'POST', url: `/api/v1/admin/company/${companyId}/product?country=AT&product=UTR`, headers: bearer(adminToken) });
    expect(added.statusCode).toBe(200);
    const refused = await postShipment(t.app, userToken, letterToAustria());
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a client disabled by an administrator here at its next create', async () => {
    expect((await postShipment(t.app, userToken, shipmentPayload())).statusCode).toBe(201);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/client/${userId}`,
      headers: bearer(adminToken),
      payload: { enabled: false, email: 'peter@example.com', phone: '', name: 'Peter Horváth', role: 'USER' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await postShipment(t.app, userToken, shipmentPayload())).statusCode).toBe(401);
  });
});
