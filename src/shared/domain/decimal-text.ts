// Numbers as people type them in spreadsheets and forms across the portal's languages: a decimal
// comma or point, spaces, no-break spaces or apostrophes between thousands. The import reads its
// numeric columns with this, and the import preview shows amounts read the same way.

/** "2,5", "2.5", " 1 234,50 " and "1.234,50" read as numbers; anything else is NaN (the schema says why). */
export function parseDecimal(text: string): number {
  let value = text.replace(/[\s\u00a0']/g, '');
  if (value.includes(',') && value.includes('.')) {
    // The last separator is the decimal one: "1.234,50" or "1,234.50".
    value = value.lastIndexOf(',') > value.lastIndexOf('.') ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  } else {
    value = value.replace(',', '.');
  }
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
}
