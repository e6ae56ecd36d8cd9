// Bulk benchmark data for the shipment list: six client companies on top of the demo seed (each
// with a client, a pickup address and a products map), then `total` shipments generated
// set-based inside the database (`insert … select … from generate_series`, a few statements),
// never row by row from Node.
//
// Shape of the data: created_at over the last 12 months with volume growing towards today and
// rows stored in time order (as a live table fills); company shares from 30 % (the demo user's
// company) down to 5 %; destination country and product drawn from the company's own products
// map, weighted to its home country and neighbours; delivery methods (parcel points only for PRM
// to CZ/SK/PL/HU), the partner the routing rules would pick, age-dependent statuses (mostly
// SENT for older parcels, CREATED/MANIFESTED for recent ones, ~5 % DELETED), reference numbers
// on ~75 %, unique item numbers `PP` + 10 digits and unique UPU S10 tracking numbers (mod-11 check
// digit computed in SQL) from the application's own sequences.
import { sql } from 'drizzle-orm';
import { findCountry } from '#shared/domain/countries.ts';
import type { Product } from '#shared/domain/enums.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { clients, companies, companyProducts, pickupAddresses } from '#server/db/schema.ts';
import { disableCountTriggers, restoreCountTriggers } from './count-triggers.ts';

type Pairs = Array<[country: string, products: Product[]]>;

interface ExtraCompany {
  name: string;
  street: string;
  city: string;
  zip: string;
  country: string;
  ico: string;
  clientId: string;
  contact: string;
  products: Pairs;
}

const EXTRA_COMPANIES: ExtraCompany[] = [
  {
    name: 'Alpin Sport GmbH', street: 'Mariahilfer Straße 120', city: 'Wien', zip: '1070', country: 'AT', ico: 'FN123456a', clientId: 'bench-alpin', contact: 'Lukas Gruber',
    products: [['AT', ['PRM', 'TRC']], ['DE', ['TRC', 'UTR']], ['CZ', ['PRM', 'TRC']], ['SK', ['PRM', 'TRC']], ['HU', ['PRM', 'TRC']], ['CH', ['TRC']], ['IT', ['TRC']]],
  },
  {
    name: 'Mazowsze Elektronika sp. z o.o.', street: 'ul. Marszałkowska 84', city: 'Warszawa', zip: '00-514', country: 'PL', ico: '5213456789', clientId: 'bench-mazowsze', contact: 'Anna Kowalska',
    products: [['PL', ['PRM', 'TRC', 'RTN']], ['CZ', ['PRM']], ['SK', ['PRM']], ['DE', ['TRC']]],
  },
  {
    name: 'Tatra Kozmetika a.s.', street: 'Levočská 3', city: 'Poprad', zip: '058 01', country: 'SK', ico: '36123789', clientId: 'bench-tatra', contact: 'Zuzana Kollárová',
    products: [['SK', ['PRM', 'TRC', 'RTN']], ['CZ', ['PRM', 'TRC']], ['HU', ['PRM']], ['PL', ['PRM']]],
  },
  {
    name: 'Duna Webáruház Kft.', street: 'Váci út 45', city: 'Budapest', zip: '1134', country: 'HU', ico: '01-09-123456', clientId: 'bench-duna', contact: 'Eszter Nagy',
    products: [['HU', ['PRM', 'TRC', 'RTN']], ['SK', ['PRM']], ['AT', ['TRC']], ['RO', ['TRC']]],
  },
  {
    name: 'Moravská Vína s.r.o.', street: 'Náměstí 12', city: 'Mikulov', zip: '692 01', country: 'CZ', ico: '26845123', clientId: 'bench-moravia', contact: 'Tomáš Dvořák',
    products: [['CZ', ['PRM', 'TRC']], ['SK', ['PRM', 'TRC']], ['DE', ['TRC']], ['AT', ['TRC']]],
  },
  {
    name: 'EuroParts Trade s.r.o.', street: 'Štúrova 27', city: 'Nitra', zip: '949 01', country: 'SK', ico: '50987654', clientId: 'bench-europarts', contact: 'Marek Baláž',
    products: [
      ['SK', ['PRM']], ['DE', ['TRC', 'PRM']], ['FR', ['TRC']], ['IT', ['TRC']], ['NL', ['TRC']], ['ES', ['TRC']], ['BE', ['TRC']],
      ['GB', ['TRC']], ['NO', ['TRC']], ['CH', ['TRC']], ['SE', ['TRC']], ['DK', ['TRC']],
    ],
  },
];

/** Share of all shipments per company: the demo user's company is the biggest. */
const SHARES: Record<string, number> = {
  'demo-user': 0.3,
  'bench-alpin': 0.17,
  'bench-mazowsze': 0.14,
  'bench-tatra': 0.12,
  'demo-user-2': 0.08,
  'bench-duna': 0.08,
  'bench-moravia': 0.06,
  'bench-europarts': 0.05,
};

const NEIGHBOURS = ['SK', 'CZ', 'PL', 'HU', 'AT', 'DE'];

const CITIES: Record<string, string[]> = {
  SK: ['Bratislava', 'Košice', 'Žilina', 'Nitra', 'Banská Bystrica', 'Prešov', 'Trnava', 'Martin', 'Trenčín', 'Poprad'],
  CZ: ['Praha', 'Brno', 'Ostrava', 'Plzeň', 'Olomouc', 'Liberec', 'České Budějovice', 'Hradec Králové', 'Zlín'],
  PL: ['Warszawa', 'Kraków', 'Wrocław', 'Poznań', 'Gdańsk', 'Łódź', 'Katowice', 'Lublin'],
  HU: ['Budapest', 'Debrecen', 'Szeged', 'Győr', 'Pécs', 'Miskolc'],
  AT: ['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'Klagenfurt'],
  DE: ['Berlin', 'München', 'Hamburg', 'Köln', 'Dresden', 'Leipzig', 'Nürnberg', 'Frankfurt am Main'],
  CH: ['Zürich', 'Bern', 'Basel', 'Genève', 'Luzern'],
  GB: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Bristol'],
  IT: ['Roma', 'Milano', 'Torino', 'Bologna'],
  FR: ['Paris', 'Lyon', 'Marseille', 'Toulouse'],
  NL: ['Amsterdam', 'Rotterdam', 'Utrecht'],
  ES: ['Madrid', 'Barcelona', 'Valencia'],
  BE: ['Bruxelles', 'Antwerpen', 'Gent'],
  NO: ['Oslo', 'Bergen', 'Trondheim'],
  SE: ['Stockholm', 'Göteborg', 'Malmö'],
  DK: ['København', 'Aarhus', 'Odense'],
  RO: ['București', 'Cluj-Napoca', 'Timișoara'],
};

/** Postal-code shape per country: N is a digit. */
const ZIP_FORMAT: Record<string, string> = { SK: 'NNN NN', CZ: 'NNN NN', PL: 'NN-NNN', AT: 'NNNN', HU: 'NNNN', CH: 'NNNN', BE: 'NNNN', NO: 'NNNN', DK: 'NNNN', NL: 'NNNN', RO: 'NNNNNN', SE: 'NNN NN', GB: 'SW1A 1AA' };

const FIRST_NAMES = ['Peter', 'Jana', 'Martin', 'Lucia', 'Tomáš', 'Eva', 'Michal', 'Zuzana', 'Jakub', 'Katarína', 'Anna', 'Piotr', 'László', 'Eszter', 'Lukas', 'Sophie', 'Marek', 'Veronika', 'Jan', 'Petra', 'Ondřej', 'Magdalena', 'Gábor', 'Thomas', 'Julia'];
const LAST_NAMES = ['Horváth', 'Novák', 'Kováč', 'Svoboda', 'Nagy', 'Kowalski', 'Müller', 'Varga', 'Tóth', 'Dvořák', 'Baláž', 'Szabó', 'Wiśniewski', 'Gruber', 'Huber', 'Polák', 'Krajčír', 'Černý', 'Wagner', 'Farkaš', 'Lewandowski', 'Molnár', 'Bauer', 'Hudák', 'Procházka'];
const STREETS = ['Hlavná', 'Školská', 'Nádražní', 'Main Street', 'Hauptstraße', 'Kossuth Lajos utca', 'ul. Polna', 'Dlhá', 'Mlynská', 'Bahnhofstraße', 'Rue de la Paix', 'Via Roma', 'Záhradná', 'Husova', 'Krátka'];
const CONTENTS = ['Books', 'Garden tools', 'Seeds', 'Cosmetics', 'Clothing', 'Shoes', 'Electronics', 'Spare parts', 'Wine', 'Toys', 'Sports equipment', 'Documents', 'Kitchenware', 'Supplements'];

// ASCII e-mail local parts from the (accented) last names.
const ACCENTED = 'áäčďéěíĺľňóôőöŕřšťúůűüýžąćęłńśźżÁÄČĎÉĚÍĹĽŇÓÔŐÖŔŘŠŤÚŮŰÜÝŽĄĆĘŁŃŚŹŻ';
const PLAIN = 'aacdeeillnoooorrstuuuuyzacelnszzAACDEEILLNOOOORRSTUUUUYZACELNSZZ';
if ([...ACCENTED].length !== [...PLAIN].length) throw new Error('transliteration tables differ in length');

const csv = (list: string[]) => list.join('|');
const arr = (list: string[]) => sql`string_to_array(${csv(list)}, '|')`;

/** S10 check-digit weights (src/shared/domain/s10.ts); service letters per product and the SK operator as the app issues them. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

export interface BenchCompany {
  clientId: string;
  clientUuid: string;
  companyId: string;
  name: string;
  countries: string[];
}

async function createCompanies(db: Db): Promise<void> {
  for (const c of EXTRA_COMPANIES) {
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: c.name, street: c.street, city: c.city, zip: c.zip, country: c.country, companyIdentificationNumber: c.ico, taxIdentificationNumber: c.ico })
        .returning({ id: companies.id });
      if (!company) throw new Error('company not created');
      await tx.insert(companyProducts).values(c.products.flatMap(([country, products]) => products.map((product) => ({ companyId: company.id, country, product }))));
      // Bench clients never sign in: the hash is not a valid scrypt string.
      await tx.insert(clients).values({ companyId: company.id, clientId: c.clientId, secretHash: 'bench-no-login', name: c.contact, email: `${c.clientId}@bench.invalid`, role: 'USER' });
      await tx.insert(pickupAddresses).values({
        companyId: company.id, contactPerson: c.contact, street: c.street, zip: c.zip, city: c.city, country: c.country,
        email: `${c.clientId}-pickup@bench.invalid`, phone: `${findCountry(c.country)?.phonePrefix ?? '+421'}900000000`, regularPickup: true, pickupDays: 31,
      });
    });
  }
}

/** One row per company: its share of the rows as [lo, hi) and its weighted (country, product) pairs. */
async function fillCompanyTable(db: Db): Promise<BenchCompany[]> {
  const rows = await queryRows<{ client_id: string; client_uuid: string; company_id: string; name: string; home: string; pickup: string | null }>(
    db,
    sql`select cl.client_id, cl.id as client_uuid, co.id as company_id, co.name, co.country as home,
               (select pa.id from pickup_addresses pa where pa.company_id = co.id order by pa.created_at limit 1) as pickup
          from clients cl join companies co on co.id = cl.company_id
         where cl.client_id in (${sql.join(Object.keys(SHARES).map((k) => sql`${k}`), sql`, `)})`,
  );
  const result: BenchCompany[] = [];
  let lo = 0;
  await db.execute(sql`create table bench_company (company_id uuid, client_id uuid, pickup_address_id uuid, lo float8, hi float8, countries text[], products text[], npairs int)`);
  for (const [clientId, share] of Object.entries(SHARES)) {
    const row = rows.find((r) => r.client_id === clientId);
    if (!row) throw new Error(`client ${clientId} missing: did seedDemo run?`);
    const pairs = await queryRows<{ country: string; product: Product }>(
      db,
      sql`select country, product::text as product from company_products where company_id = ${row.company_id} order by country, product`,
    );
    const countries: string[] = [];
    const products: string[] = [];
    for (const p of pairs) {
      const weight = p.country === row.home ? 8 : NEIGHBOURS.includes(p.country) ? 3 : 1;
      for (let i = 0; i < weight; i++) {
        countries.push(p.country);
        products.push(p.product);
      }
    }
    const hi = clientId === 'bench-europarts' ? 1.0000001 : lo + share;
    await db.execute(
      sql`insert into bench_company values (${row.company_id}, ${row.client_uuid}, ${row.pickup}, ${lo}, ${hi}, ${arr(countries)}, ${arr(products)}, ${countries.length})`,
    );
    result.push({ clientId, clientUuid: row.client_uuid, companyId: row.company_id, name: row.name, countries: [...new Set(pairs.map((p) => p.country))] });
    lo = hi;
  }
  return result;
}

async function fillGeoTable(db: Db): Promise<void> {
  await db.execute(sql`create table bench_geo (country char(2) primary key, cities text[], ncities int, zip_format text, phone_prefix text)`);
  for (const [country, cities] of Object.entries(CITIES)) {
    const prefix = findCountry(country)?.phonePrefix ?? '+421';
    await db.execute(sql`insert into bench_geo values (${country}, ${arr(cities)}, ${cities.length}, ${ZIP_FORMAT[country] ?? 'NNNNN'}, ${prefix})`);
  }
}

const pick = (list: string[], random: string) => sql.raw(`(${literalArray(list)})[1 + floor(${random} * ${list.length})::int]`);
function literalArray(list: string[]): string {
  return `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
}

/** The S10 check digit of `serial` (8-digit text) in SQL; same weights as src/shared/domain/s10.ts. */
function s10CheckSql(serial: string): string {
  const sum = S10_WEIGHTS.map((w, i) => `${w} * substr(${serial}, ${i + 1}, 1)::int`).join(' + ');
  return `(case 11 - ((${sum}) % 11) when 10 then 0 when 11 then 5 else 11 - ((${sum}) % 11) end)`;
}

/** Rows [from, to] of `total`: row i's created_at is its position on the 12-month time line. */
function insertChunk(from: number, to: number, total: number) {
  return sql`
insert into shipments (
  item_number, tracking_number, reference_number, status, company_id, client_id, pickup_address_id, partner_id, partner_name,
  product, delivery_method, goods_type, receiver_company_name, receiver_vat_number, receiver_name, receiver_address_line_1,
  receiver_address_number, receiver_address_line_2, receiver_city, receiver_postal_code, receiver_country, receiver_region,
  receiver_phone, receiver_email, pickup_point_id, weight, width, height, length, quantity, hs_tariff_code, cod_amount,
  insurance, content, info, label_sender_name, created_at, updated_at)
select
  'PP' || lpad(y.item_seq::text, 10, '0'),
  (case y.product when 'PRM' then 'CP' when 'RTN' then 'CR' when 'TRC' then 'LX' else 'UA' end)
    || y.serial || ${sql.raw(s10CheckSql('y.serial'))}::text || 'SK',
  case when y.r_ref < 0.75 then 'OBJ-' || to_char(y.created_at, 'YYYY') || '-' || lpad((y.i % 9000000)::text, 7, '0') end,
  y.status, y.company_id, y.client_id, y.pickup_address_id, y.partner_id, p.name,
  y.product, y.delivery_method,
  (case when y.r_goods < 0.90 then 'GOODS' when y.r_goods < 0.94 then 'SAMPLE' when y.r_goods < 0.98 then 'DOCUMENTS' else 'GIFT' end)::goods_type,
  case when y.r_company < 0.15 then y.last_name || ' s.r.o.' end,
  null,
  y.first_name || ' ' || y.last_name,
  y.street,
  (1 + floor(y.r_no * 180))::int::text,
  case when y.r_no < 0.1 then 'Apt. ' || (1 + floor(y.r_no * 500))::int end,
  geo.cities[1 + floor(y.r_city * geo.ncities)::int],
  case geo.zip_format
    when 'NNN NN' then substr(y.zip_n::text, 1, 3) || ' ' || substr(y.zip_n::text, 4)
    when 'NN-NNN' then substr(lpad(y.zip_n::text, 5, '0'), 1, 2) || '-' || substr(lpad(y.zip_n::text, 5, '0'), 3)
    when 'NNNN' then lpad((1000 + y.zip_n % 9000)::text, 4, '0')
    when 'NNNNNN' then lpad((100000 + y.zip_n)::text, 6, '0')
    when 'SW1A 1AA' then 'SW1A ' || (1 + y.zip_n % 9)::text || 'AA'
    else lpad(y.zip_n::text, 5, '0') end,
  y.country, null,
  geo.phone_prefix || (900000000 + floor(y.r_phone * 99999999))::bigint::text,
  lower(translate(y.first_name || '.' || y.last_name, ${ACCENTED}, ${PLAIN})) || (y.i % 997)::text || '@example.com',
  case y.delivery_method
    when 'parcel_locker' then (case y.country when 'CZ' then 'ALZABOX-' when 'SK' then 'PT' when 'HU' then '30' else 'ONEBOX-' end) || (1000 + y.i % 8000)::text
    when 'pickup_point' then (case y.country when 'SK' then 'PS' when 'HU' then '20' else 'PP-' end) || (1000 + y.i % 8000)::text
    when 'other_pudo' then '10' || (1000 + y.i % 8000)::text
  end,
  -- Letters (TRC, UTR) weigh at most 2 kg, parcels 31.5 kg; most items are light.
  round((case when y.product in ('TRC', 'UTR') then 0.02 + power(y.r_weight, 2) * 1.98 else 0.1 + power(y.r_weight, 2) * 31.4 end)::numeric, 3),
  round((10 + y.r_weight * 50)::numeric, 1), round((5 + y.r_dim * 45)::numeric, 1), round((10 + y.r_dim * 40)::numeric, 1),
  case when y.country in ('CH', 'GB', 'NO', 'LI') then 1 + (y.i % 5) end,
  case when y.country in ('CH', 'GB', 'NO', 'LI') then '6109100010' end,
  case when y.country in ('SK', 'CZ', 'PL', 'HU') and y.r_cod < 0.25 then round((5 + y.r_cod * 600)::numeric, 2) end,
  case when y.r_ins < 0.08 and not (y.country = 'AT' and y.product = 'TRC') then round((50 + y.r_ins * 5000)::numeric, 2) end,
  y.content,
  case when y.r_ins > 0.9 then 'Please call before delivery' end,
  null,
  y.created_at,
  y.created_at + interval '1 hour' * (case y.status when 'CREATED' then 0 else 1 + y.r_ins * 48 end)
from (
  select x.*,
    (case
      when x.age_days < 2 then case when x.r_status < 0.70 then 'CREATED' when x.r_status < 0.92 then 'MANIFESTED' else 'DELETED' end
      when x.age_days < 7 then case when x.r_status < 0.12 then 'CREATED' when x.r_status < 0.35 then 'MANIFESTED' when x.r_status < 0.65 then 'ARRIVED' when x.r_status < 0.95 then 'SENT' else 'DELETED' end
      else case when x.r_status < 0.02 then 'CREATED' when x.r_status < 0.05 then 'MANIFESTED' when x.r_status < 0.12 then 'ARRIVED' when x.r_status < 0.95 then 'SENT' else 'DELETED' end
    end)::shipment_status as status,
    (case
      when x.product = 'PRM' and x.country in ('SK', 'CZ', 'PL', 'HU') and x.r_method < 0.35 then
        case when x.r_method < 0.19 then 'parcel_locker' when x.r_method < 0.31 then 'pickup_point' else 'other_pudo' end
      else 'home_delivery'
    end)::delivery_method as delivery_method,
    (case
      when x.product = 'UTR' then 6
      when x.country in ('CH', 'GB', 'NO', 'LI') and x.product in ('PRM', 'TRC') then 9
      when x.country = 'SK' then 3 when x.country = 'CZ' then 7 when x.country = 'HU' then 4
      when x.country = 'PL' then 8 when x.country = 'AT' then 2
      else 1
    end) as partner_id
  from (
    select g.*, c.company_id, c.client_id, c.pickup_address_id,
      c.countries[1 + floor(g.r_pair * c.npairs)::int] as country,
      c.products[1 + floor(g.r_pair * c.npairs)::int]::product as product,
      ${pick(FIRST_NAMES, 'g.r_first')} as first_name,
      ${pick(LAST_NAMES, 'g.r_last')} as last_name,
      ${pick(STREETS, 'g.r_street')} as street,
      ${pick(CONTENTS, 'g.r_content')} as content,
      floor(g.r_zip * 89999 + 10000)::int as zip_n,
      now() - interval '365 days' * (1 - power((g.i - 1 + g.r_time) / ${total}::float8, 0.8)) as created_at,
      extract(epoch from interval '365 days' * (1 - power((g.i - 1 + g.r_time) / ${total}::float8, 0.8))) / 86400 as age_days
    from (
      select i, nextval('item_number_seq') as item_seq, lpad(nextval('tracking_serial_seq')::text, 8, '0') as serial,
        random() as r_company, random() as r_pair, random() as r_time, random() as r_status, random() as r_method,
        random() as r_first, random() as r_last, random() as r_street, random() as r_content, random() as r_zip,
        random() as r_city, random() as r_phone, random() as r_no, random() as r_ref, random() as r_goods,
        random() as r_weight, random() as r_dim, random() as r_cod, random() as r_ins
      from generate_series(${from}::int, ${to}::int) as i
      offset 0
    ) g
    join bench_company c on g.r_company >= c.lo and g.r_company < c.hi
    offset 0
  ) x
  offset 0
) y
join bench_geo geo on geo.country = y.country
join partners p on p.id = y.partner_id`;
}

export interface SeedTimings {
  companiesMs: number;
  insertMs: number;
  indexMs: number;
  /** Rebuilding shipment_counts from the loaded rows (one INSERT … SELECT … GROUP BY). */
  countsMs: number;
  analyzeMs: number;
  totalMs: number;
}

/**
 * Seeds `total` shipments (after seedDemo). The list indexes and foreign keys of the migration
 * are dropped for the load and re-created from their own definitions afterwards (much faster than
 * maintaining them row by row; the foreign keys are validated again); the unique constraints stay.
 * The triggers that keep shipment_counts are disabled for the load in the same way, and the buckets
 * are then rebuilt from all rows in one pass (`shipment_counts_rebuild()`, the migration's own
 * fill) in the transaction that puts the triggers back in their modes; the load fails unless sum(n) then
 * equals count(*). Ends with VACUUM ANALYZE, which autovacuum does to an insert-only table in production too
 * (statistics, and the visibility map that index-only scans rely on).
 */
export async function seedBenchShipments(db: Db, total: number, log: (line: string) => void): Promise<{ companies: BenchCompany[]; timings: SeedTimings }> {
  const t0 = performance.now();
  await createCompanies(db);
  const companyList = await fillCompanyTable(db);
  await fillGeoTable(db);
  await db.execute(sql`analyze bench_company, bench_geo`);
  const t1 = performance.now();

  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = current_schema() and i.tablename = 'shipments'
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
         order by i.indexname`,
  );
  const foreignKeys = await queryRows<{ conname: string; def: string }>(
    db,
    sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
         where conrelid = 'shipments'::regclass and contype = 'f' order by conname`,
  );
  for (const ix of indexes) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
  for (const fk of foreignKeys) await db.execute(sql.raw(`alter table shipments drop constraint "${fk.conname}"`));
  // Counting while loading would cost about as much as the load itself: off, rebuilt below.
  const countTriggers = await disableCountTriggers(db);

  const chunk = Math.ceil(total / 4);
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    const started = performance.now();
    // JIT would spend seconds compiling this one-off statement: off for the load only.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      // Hash joins on the small tables keep generate_series' order: rows land in time order
      // without a sort (checked below through the created_at correlation).
      await tx.execute(sql`set local enable_mergejoin = off`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(insertChunk(from, to, total));
    });
    log(`  inserted rows ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const t2 = performance.now();
  for (const ix of indexes) await db.execute(sql.raw(ix.indexdef));
  // Re-adding a foreign key validates every row in one join, far cheaper than a trigger per row.
  for (const fk of foreignKeys) await db.execute(sql.raw(`alter table shipments add constraint "${fk.conname}" ${fk.def}`));
  const t3 = performance.now();
  log(`  rebuilt ${indexes.length} list indexes and validated ${foreignKeys.length} foreign keys in ${((t3 - t2) / 1000).toFixed(1)} s`);
  // Triggers back on (ALWAYS, as migration 0010 left them) and buckets rebuilt in one transaction:
  // no write can fall between the two.
  const counted = await db.transaction(async (tx) => {
    await restoreCountTriggers(tx, countTriggers);
    const result = (await tx.execute(sql`select shipment_counts_rebuild()::text as n`)) as unknown as { rows: Array<{ n: string }> };
    return result.rows[0]?.n;
  });
  const [check] = await queryRows<{ summed: string; counted: string; buckets: number }>(
    db,
    sql`select (select coalesce(sum(n), 0) from shipment_counts)::text as summed, (select count(*) from shipments)::text as counted,
               (select count(*)::int from shipment_counts) as buckets`,
  );
  if (!check || check.summed !== check.counted || counted !== check.counted) {
    throw new Error(`shipment_counts after the load: sum(n) ${check?.summed} (rebuild said ${counted}), count(*) ${check?.counted}`);
  }
  const t3b = performance.now();
  log(`  rebuilt shipment_counts in ${((t3b - t3) / 1000).toFixed(1)} s: ${check.buckets.toLocaleString('en')} buckets, sum(n) = count(*) = ${Number(check.counted).toLocaleString('en')}`);
  await db.execute(sql`drop table bench_company`);
  await db.execute(sql`drop table bench_geo`);
  await db.execute(sql`vacuum (analyze) shipments`);
  await db.execute(sql`vacuum (analyze) shipment_counts`);
  await db.execute(sql`analyze`);
  // Write the load out now rather than in a checkpoint during the measurements (superuser or
  // pg_checkpoint only: skipped on a server where the bench user may not).
  await db.execute(sql`checkpoint`).catch(() => log('  (CHECKPOINT not allowed for this user: skipped)'));
  const t4 = performance.now();
  const [stats] = await queryRows<{ correlation: number | null }>(
    db,
    sql`select correlation from pg_stats where schemaname = current_schema() and tablename = 'shipments' and attname = 'created_at'`,
  );
  log(`  created_at to storage order correlation: ${stats?.correlation?.toFixed(3) ?? 'unknown'} (1 = rows stored in time order)`);
  return {
    companies: companyList,
    timings: { companiesMs: t1 - t0, insertMs: t2 - t1, indexMs: t3 - t2, countsMs: t3b - t3, analyzeMs: t4 - t3b, totalMs: t4 - t0 },
  };
}
