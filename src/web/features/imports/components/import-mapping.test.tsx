import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '#shared/contract/imports.ts';
import { REQUIRED_IMPORT_FIELDS } from '#shared/domain/import-columns.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ImportMapping } from './import-mapping.tsx';

// A Slovak file: "Meno" and the others are known aliases, "PSČ doručenia" and "Mail" are not.
const headers = ['Meno', 'Ulica', 'Mesto', 'PSČ doručenia', 'Krajina', 'Telefón', 'Mail', 'Obsah', 'Váha', 'Šírka', 'Výška', 'Dĺžka'];
const preview: ImportPreview = {
  headers,
  rows: [['Jana Kováčová', 'Hlavná 25', 'Košice', '040 01', 'SK', '+421 905 123 456', 'jana@example.sk', 'Náradie', '3,5', '40', '30', '20']],
  total_rows: 12,
  mapping: { receiver_name: 0, receiver_address_line_1: 1, receiver_city: 2, receiver_country: 4, receiver_phone: 5, content: 7, weight: 8, width: 9, height: 10, length: 11 },
  missing: ['receiver_postal_code', 'receiver_email'],
  saved_mapping: false,
};

function setup() {
  const onStart = vi.fn();
  const onCancel = vi.fn();
  render(<ImportMapping preview={preview} filename="zasielky.csv" busy={false} onStart={onStart} onCancel={onCancel} />);
  const user = userEvent.setup();
  const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
  /** Chooses the file's column (by its index, '' for none) for the field labelled so. */
  const choose = (label: string, value: string) => user.selectOptions(select(label), value);
  return { user, select, button, choose, onStart, onCancel };
}

describe('ImportMapping', () => {
  it('lists the required fields first, marked, with the file columns prefilled from the preview', () => {
    const { select } = setup();
    const rows = within(screen.getByRole('table', { name: "Portal fields and the file's columns" }))
      .getAllByRole('row')
      .slice(1);
    const required = rows.slice(0, REQUIRED_IMPORT_FIELDS.length);
    expect(required.every((r) => within(r).queryByText('required'))).toBe(true);
    expect(rows.slice(REQUIRED_IMPORT_FIELDS.length).some((r) => within(r).queryByText('required'))).toBe(false);
    expect(within(rows[0]!).getByRole('combobox', { name: 'Name' })).toBeTruthy();

    expect(select('Name').value).toBe('0');
    expect(select('Postal code').value).toBe('');
    expect(within(select('Postal code')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not in the file', ...headers]);
    expect(screen.getByText(/The file has 12 rows\./)).toBeTruthy();
    expect(screen.getByText('Jana Kováčová')).toBeTruthy();
  });

  it('enables Start import only when every required field has a column, and sends the mapping', async () => {
    const { user, choose, button, onStart } = setup();
    expect(button('Start import').disabled).toBe(true);

    await choose('Postal code', '3');
    expect(button('Start import').disabled).toBe(true);
    await choose('Email', '6');
    expect(button('Start import').disabled).toBe(false);

    await choose('Name', '');
    expect(button('Start import').disabled).toBe(true);
    await choose('Name', '0');
    await choose('Note', '1');

    await user.click(button('Start import'));
    expect(onStart).toHaveBeenCalledWith({ ...preview.mapping, receiver_postal_code: 3, receiver_email: 6, info: 1 });
  });

  it('goes back with Cancel', async () => {
    const { user, button, onCancel, onStart } = setup();
    await user.click(button('Cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onStart).not.toHaveBeenCalled();
  });
});
