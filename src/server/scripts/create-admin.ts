// npm run create-admin -- --client-id NAME --name "Full Name" --email a@b.c [--secret S]
// Creates an ADMIN in the carrier's own company (creating that company on first use) in a
// database without demo data. Prints the secret when it generated one.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { clients, companies } from '../db/schema.ts';
import { parseEnv } from '../env.ts';
import { findClientByLogin } from '../features/auth/clients.service.ts';
import { hashSecret } from '../features/auth/passwords.ts';

const { values } = parseArgs({
  options: {
    'client-id': { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    secret: { type: 'string' },
    company: { type: 'string', default: 'Carrier operations' },
  },
});

const clientId = values['client-id']?.trim();
if (!clientId || !values.name || !values.email) {
  console.error('Usage: npm run create-admin -- --client-id NAME --name "Full Name" --email EMAIL [--secret SECRET]');
  process.exit(2);
}
if (values.secret !== undefined && values.secret.length < 12) {
  console.error('The secret must have at least 12 characters.');
  process.exit(2);
}

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  if (await findClientByLogin(database.db, clientId)) {
    console.error(`A client with client_id "${clientId}" already exists.`);
    process.exitCode = 1;
  } else {
    const secret = values.secret ?? randomBytes(18).toString('base64url');
    let [carrier] = await database.db.select().from(companies).where(eq(companies.isCarrier, true)).limit(1);
    carrier ??= (
      await database.db
        .insert(companies)
        .values({ name: values.company, street: '-', city: '-', zip: '-', country: 'SK', companyIdentificationNumber: '-', taxIdentificationNumber: '-', isCarrier: true })
        .returning()
    )[0];
    if (!carrier) throw new Error('carrier company could not be created');
    await database.db.insert(clients).values({
      companyId: carrier.id,
      clientId,
      secretHash: await hashSecret(secret),
      name: values.name,
      email: values.email,
      role: 'ADMIN',
    });
    console.log(`Created ADMIN "${clientId}".`);
    if (!values.secret) console.log(`Secret (shown once): ${secret}`);
  }
} finally {
  await database.close();
}
