// npm run partner:key -- <PARTNER_CODE>      a new feed key for the partner; prints id and secret once
// npm run partner:key -- --revoke <KEY_ID>   revokes a key at once
// npm run partner:key -- --list              every key (never a secret)
// Uses the server's database settings (DATA_DIR or DATABASE_URL). See README, "Partner event feed".
import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { partners } from '../db/schema.ts';
import { parseEnv } from '../env.ts';
import { createPartnerKey, listPartnerKeys, revokePartnerKey } from '../features/tracking/partner-keys.ts';

const USAGE = 'Usage: npm run partner:key -- <PARTNER_CODE> | --revoke <KEY_ID> | --list';

function usage(): never {
  console.error(USAGE);
  process.exit(2);
}

function readArgs() {
  try {
    return parseArgs({ options: { revoke: { type: 'string' }, list: { type: 'boolean' } }, allowPositionals: true });
  } catch {
    return usage();
  }
}

const { values, positionals } = readArgs();
const modes = [values.revoke !== undefined, values.list === true, positionals.length > 0].filter(Boolean).length;
if (modes !== 1 || positionals.length > 1) usage();

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const db = database.db;
  if (values.revoke !== undefined) {
    if (await revokePartnerKey(db, values.revoke.trim())) console.log(`Revoked ${values.revoke.trim()}: requests signed with it are refused from now on.`);
    else {
      console.error(`No active key "${values.revoke}".`);
      process.exitCode = 1;
    }
  } else if (values.list) {
    const keys = await listPartnerKeys(db);
    if (keys.length === 0) console.log('No partner keys.');
    for (const k of keys) console.log(`${k.id.padEnd(20)} ${k.partner.padEnd(10)} created ${k.createdAt.toISOString()}${k.revokedAt ? `  revoked ${k.revokedAt.toISOString()}` : ''}`);
  } else {
    const code = positionals[0]!.trim();
    const created = await createPartnerKey(db, code);
    if (!created) {
      const known = (await db.select({ code: partners.code }).from(partners).orderBy(asc(partners.id))).map((p) => p.code);
      console.error(`No partner "${code}". Partners: ${known.join(', ') || '(none: the database has no partners yet)'}.`);
      process.exitCode = 1;
    } else {
      console.log(`Key for ${created.partner.name} (${created.partner.code}). The secret is shown only now: hand it over securely.`);
      console.log(`  X-Partner-Key:  ${created.id}`);
      console.log(`  secret:         ${created.secret}`);
    }
  }
} finally {
  await database.close();
}
