// Writes the import examples offered for download, public/csv/import_example.csv and .xlsx, with
// every import column under its portal name: `npx tsx scripts/make-import-example.ts`. Both files
// are committed; run this after changing IMPORT_FIELDS or the rows below.
import { mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { IMPORT_FIELDS, NUMERIC_IMPORT_FIELDS, type ImportField } from '#shared/domain/import-columns.ts';

type ExampleRow = Partial<Record<ImportField, string | number>>;

/** A courier parcel in Slovakia, a Czech parcel with cash on delivery, a Slovak parcel locker and a tracked letter to Germany. */
const ROWS: ExampleRow[] = [
  {
    receiver_name: 'Jana Kováčová', receiver_company_name: 'Kvetinárstvo Ruža s.r.o.', receiver_vat_number: 'SK2020123456',
    receiver_address_line_1: 'Hlavná', receiver_address_number: '25', receiver_address_line_2: '2. poschodie', receiver_city: 'Košice',
    receiver_postal_code: '040 01', receiver_country: 'SK', receiver_phone: '+421 905 123 456', receiver_email: 'jana.kovacova@example.sk',
    product: 'PRM', delivery_method: 'home_delivery', goods_type: 'GOODS', reference_number: 'OBJ-2025-0001',
    content: 'Záhradné náradie', info: 'Volajte pred doručením', weight: 3.5, width: 40, height: 30, length: 20, insurance: 150,
  },
  {
    receiver_name: 'Petr Svoboda', receiver_address_line_1: 'Vinohradská', receiver_address_number: '1511/48', receiver_city: 'Praha',
    receiver_postal_code: '120 00', receiver_country: 'CZ', receiver_region: 'Praha', receiver_phone: '+420 602 345 678', receiver_email: 'petr.svoboda@example.cz',
    product: 'PRM', delivery_method: 'home_delivery', goods_type: 'GOODS', reference_number: 'OBJ-2025-0002',
    content: 'Knihy', weight: 1.2, width: 30, height: 25, length: 10, quantity: 3, cod_amount: 1290,
  },
  {
    receiver_name: 'Martin Horák', receiver_address_line_1: 'Tematínska', receiver_address_number: '10', receiver_city: 'Bratislava',
    receiver_postal_code: '851 05', receiver_country: 'SK', receiver_phone: '+421 911 222 333', receiver_email: 'martin.horak@example.sk',
    // An SPS Parcelbox of the demo directory (src/server/db/seed-pickup-points.ts); PT ids are lockers.
    product: 'PRM', delivery_method: 'parcel_locker', pickup_point_id: 'PT10001', goods_type: 'GOODS', reference_number: 'OBJ-2025-0003',
    content: 'Kozmetika', info: 'Do Parcelboxu Eurovea', weight: 0.8, width: 30, height: 20, length: 15,
  },
  {
    receiver_name: 'Anna Schmidt', receiver_address_line_1: 'Torstraße', receiver_address_number: '12', receiver_city: 'Berlin',
    receiver_postal_code: '10119', receiver_country: 'DE', receiver_region: 'Berlin', receiver_phone: '+49 30 1234567', receiver_email: 'anna.schmidt@example.de',
    product: 'TRC', delivery_method: 'home_delivery', goods_type: 'DOCUMENTS', reference_number: 'OBJ-2025-0004',
    content: 'Dokumente', weight: 0.25, width: 30, height: 21, length: 2,
  },
];

const out = new URL('../public/csv/', import.meta.url);
mkdirSync(out, { recursive: true });

// CSV for Slovak Excel: UTF-8 with a BOM (else Excel reads it as windows-1250), ';' and decimal commas.
const csvCell = (value: string | number | undefined) => {
  const text = typeof value === 'number' ? String(value).replace('.', ',') : (value ?? '');
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const lines = [IMPORT_FIELDS.join(';'), ...ROWS.map((row) => IMPORT_FIELDS.map((field) => csvCell(row[field])).join(';'))];
writeFileSync(new URL('import_example.csv', out), `\uFEFF${lines.join('\r\n')}\r\n`);

// XLSX: numbers as numbers; every other column formatted as text so Excel keeps "040 01" and "+421 ..." as typed.
const workbook = new ExcelJS.Workbook();
workbook.creator = 'Parcel portal';
const sheet = workbook.addWorksheet('Shipments', { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = IMPORT_FIELDS.map((field) => ({
  header: field,
  key: field,
  width: Math.max(12, field.length + 2),
  style: NUMERIC_IMPORT_FIELDS.has(field) ? {} : { numFmt: '@' },
}));
sheet.getRow(1).font = { bold: true };
for (const row of ROWS) sheet.addRow(row);
writeFileSync(new URL('import_example.xlsx', out), new Uint8Array(await workbook.xlsx.writeBuffer()));
