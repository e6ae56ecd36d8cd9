// The mapping step's first rows (issue 17, "Money"): once the columns of cash on delivery,
// insurance and the country are chosen, their amounts show in each row's destination currency,
// written by Intl in the user's language; what cannot be read stays as it is in the file.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '#shared/contract/imports.ts';
import { formatAmount } from '#web/lib/format.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ImportMapping, previewCell } from './import-mapping.tsx';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

// "Suma" and "Hodnota" are no known alias: the clerk chooses them for COD and insurance.
const headers = ['Meno', 'Ulica', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Váha', 'Šírka', 'Výška', 'Dĺžka', 'Suma', 'Hodnota'];
const row = (country: string, cod: string, insurance: string) => ['Jana Kováčová', 'Hlavná 25', 'Košice', '040 01', country, '+421 905 123 456', 'jana@example.sk', 'Náradie', '3,5', '40', '30', '20', cod, insurance];
const preview: ImportPreview = {
  headers,
  rows: [row('SK', '49,9', '150'), row('cz', '1 290', ''), row('HU', '12995', 'zadarmo'), row('Česko', '100', '')],
  total_rows: 4,
  mapping: { receiver_name: 0, receiver_address_line_1: 1, receiver_city: 2, receiver_postal_code: 3, receiver_country: 4, receiver_phone: 5, receiver_email: 6, content: 7, weight: 8, width: 9, height: 10, length: 11 },
  missing: [],
  saved_mapping: false,
};

function setup() {
  render(<ImportMapping preview={preview} filename="zasielky.csv" busy={false} onStart={vi.fn()} onCancel={vi.fn()} />);
  const user = userEvent.setup();
  // The second table: the file's first rows (the first matches fields with columns).
  const firstRows = screen.getAllByRole('table')[1]!;
  /** The cells of a column of the first rows, by its header. */
  const column = (header: string) => {
    const index = within(firstRows)
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === header);
    return within(firstRows)
      .getAllByRole('row')
      .slice(1)
      .map((row) => plain(within(row).getAllByRole('cell')[index]?.textContent));
  };
  /** Chooses the file's column (by its index, '' for none) for the field labelled so. */
  const choose = (label: string, value: string) => user.selectOptions(screen.getByLabelText(label), value);
  return { column, choose };
}

describe('ImportMapping amounts', () => {
  it('shows the file’s text until the COD column is chosen, then each amount in its row’s currency', async () => {
    const { column, choose } = setup();
    expect(column('Suma')).toEqual(['49,9', '1 290', '12995', '100']);

    await choose('Cash on delivery', '12');
    expect(column('Suma')).toEqual(['€49.90', 'CZK 1,290', 'HUF 12,995', '100']);
    await choose('Insurance', '13');
    expect(column('Hodnota')).toEqual(['€150.00', '', 'zadarmo', '']);
  });

  it('shows the text again when the country column is taken away', async () => {
    const { column, choose } = setup();
    await choose('Cash on delivery', '12');
    await choose('Country', '');
    expect(column('Suma')).toEqual(['49,9', '1 290', '12995', '100']);
  });
});

describe('previewCell', () => {
  const amount = (value: number, currency: string) => formatAmount(value, currency, 'sk');
  const mapping = { receiver_country: 4, cod_amount: 12 };

  it('reads a decimal comma and writes it in the language asked for', () => {
    expect(plain(previewCell(row('SK', '1.234,5', ''), 12, mapping, amount).text)).toBe('1 234,50 €');
    expect(plain(previewCell(row('CZ', '1290', ''), 12, mapping, amount).text)).toBe('1 290 CZK');
  });

  it('leaves other columns, unknown countries and unreadable amounts alone', () => {
    expect(previewCell(row('SK', '10', ''), 8, mapping, amount)).toEqual({ text: '3,5', amount: false });
    expect(previewCell(row('XX', '10', ''), 12, mapping, amount)).toEqual({ text: '10', amount: false });
    expect(previewCell(row('SK', '10 €', ''), 12, mapping, amount)).toEqual({ text: '10 €', amount: false });
    expect(previewCell(row('SK', '10', ''), 12, { cod_amount: 12 }, amount)).toEqual({ text: '10', amount: false });
  });
});
