import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '../../../../shared/contract/imports.ts';
import { REQUIRED_IMPORT_FIELDS } from '../../../../shared/domain/import-columns.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { ImportMapping } from './import-mapping.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

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
  const view = render(<ImportMapping preview={preview} filename="zasielky.csv" busy={false} onStart={onStart} onCancel={onCancel} />);
  cleanup = view.unmount;
  const select = (label: string) => {
    const element = [...view.container.querySelectorAll('label')].find((l) => l.textContent === label);
    const control = element && document.getElementById(element.htmlFor);
    if (!control) throw new Error(`no select ${label}`);
    return control as HTMLSelectElement;
  };
  const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
  return { view, select, button, onStart, onCancel };
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('ImportMapping', () => {
  it('lists the required fields first, marked, with the file columns prefilled from the preview', () => {
    const { view, select } = setup();
    const rows = [...view.container.querySelectorAll('tbody')[0]!.querySelectorAll('tr')];
    const required = rows.slice(0, REQUIRED_IMPORT_FIELDS.length);
    expect(required.every((r) => r.textContent?.includes('required'))).toBe(true);
    expect(rows.slice(REQUIRED_IMPORT_FIELDS.length).some((r) => r.textContent?.includes('required'))).toBe(false);
    expect(rows[0]!.querySelector('label')?.textContent).toBe('Name');

    expect(select('Name').value).toBe('0');
    expect(select('Postal code').value).toBe('');
    expect([...select('Postal code').options].map((o) => o.textContent)).toEqual(['Not in the file', ...headers]);
    expect(view.container.textContent).toContain('The file has 12 rows.');
    expect(view.container.textContent).toContain('Jana Kováčová');
  });

  it('enables Start import only when every required field has a column, and sends the mapping', () => {
    const { select, button, onStart } = setup();
    expect(button('Start import').disabled).toBe(true);

    choose(select('Postal code'), '3');
    expect(button('Start import').disabled).toBe(true);
    choose(select('Email'), '6');
    expect(button('Start import').disabled).toBe(false);

    choose(select('Name'), '');
    expect(button('Start import').disabled).toBe(true);
    choose(select('Name'), '0');
    choose(select('Note'), '1');

    act(() => button('Start import').click());
    expect(onStart).toHaveBeenCalledWith({ ...preview.mapping, receiver_postal_code: 3, receiver_email: 6, info: 1 });
  });

  it('goes back with Cancel', () => {
    const { button, onCancel, onStart } = setup();
    act(() => button('Cancel').click());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onStart).not.toHaveBeenCalled();
  });
});
