// The import file the benches and the chaos script upload: demo-user's parcels to Slovakia, each
// row valid, with a reference number B-<row> (the chaos script finds rows twice by it).
import Papa from 'papaparse';

export const IMPORT_HEADERS = ['receiver_name', 'receiver_address_line_1', 'receiver_address_number', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length', 'reference_number', 'cod_amount'];
const CITIES = [['Žilina', '010 01'], ['Bratislava', '811 01'], ['Košice', '040 01'], ['Nitra', '949 01']] as const;

/** `count` data rows; `prefix` starts each reference number. */
export function importRows(count: number, prefix = 'B-'): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const [city, zip] = CITIES[i % CITIES.length]!;
    return [`Zákazník ${i + 1}`, 'Hlavná', String((i % 200) + 1), city, zip, 'SK', '+421905123456', `zakaznik${i + 1}@example.com`, 'Záhradné potreby', ((i % 50) / 10 + 0.5).toFixed(1).replace('.', ','), '30', '20', '40', `${prefix}${i + 1}`, i % 3 === 0 ? '24,90' : ''];
  });
}

/** The rows as a CSV file with `;` (as a Slovak spreadsheet saves it). */
export function importCsv(count: number, prefix?: string): Uint8Array {
  return new TextEncoder().encode(Papa.unparse([IMPORT_HEADERS, ...importRows(count, prefix)], { delimiter: ';' }));
}
