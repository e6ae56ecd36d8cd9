// The import reads numbers by the send form's rule (README note 96, "Numbers as typed"): a decimal
// comma or point and grouped thousands, but "2,500" and "2.500", which a file without a language
// cannot tell apart (2.5 kg or 2500 kg), are refused on their row rather than read as either.
import { describe, expect, it } from 'vitest';
import type { ImportField } from '#shared/domain/import-columns.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { readRow } from './import-row.ts';

const HEADERS = ['Meno', 'Ulica', 'Mesto', 'PSČ', 'Krajina', 'Telefón', 'E-mail', 'Obsah', 'Hmotnosť', 'Šírka', 'Výška', 'Dĺžka', 'Dobierka'];
const FIELDS: ImportField[] = ['receiver_name', 'receiver_address_line_1', 'receiver_city', 'receiver_postal_code', 'receiver_country', 'receiver_phone', 'receiver_email', 'content', 'weight', 'width', 'height', 'length', 'cod_amount'];
const MAPPING = Object.fromEntries(FIELDS.map((field, index) => [field, index]));

function row(numbers: { weight?: string; width?: string; cod?: string }) {
  const cells = ['Ján Novák', 'Hlavná 1', 'Žilina', '010 01', 'SK', '+421905123456', 'jan@example.com', 'Semená', numbers.weight ?? '2', numbers.width ?? '30', '20', '40', numbers.cod ?? ''];
  return readRow(cells, MAPPING, HEADERS);
}

describe('readRow numbers', () => {
  it('reads a decimal comma or point, and thousands grouped by spaces', () => {
    for (const [weight, value] of [['2,5', 2.5], ['2.5', 2.5], ['3,5', 3.5], ['0,500', 0.5], ['1,25', 1.25]] as const) {
      const result = row({ weight });
      expect(result, weight).toMatchObject({ ok: true, input: { weight: value } });
    }
    expect(row({ cod: '1 234,5' })).toMatchObject({ ok: true, input: { cod_amount: 1234.5 } });
    expect(row({ cod: '1.234,50' })).toMatchObject({ ok: true, input: { cod_amount: 1234.5 } });
  });

  it('refuses "2,500" and "2.500" on the column as ambiguous, never reading 2.5 or 2500', () => {
    for (const weight of ['2,500', '2.500']) {
      expect(row({ weight })).toEqual({ ok: false, errors: [{ column: 'Hmotnosť', message: inputMessages.ambiguousNumber.id }] });
    }
    expect(row({ cod: '1,290' })).toEqual({ ok: false, errors: [{ column: 'Dobierka', message: inputMessages.ambiguousNumber.id }] });
  });

  it('says a cell is not a number', () => {
    expect(row({ width: '30 cm' })).toEqual({ ok: false, errors: [{ column: 'Šírka', message: inputMessages.notANumber.id }] });
    expect(row({ weight: '1,2,3' })).toEqual({ ok: false, errors: [{ column: 'Hmotnosť', message: inputMessages.notANumber.id }] });
  });
});

describe('readRow text', () => {
  it('refuses a stray NUL or another control character on its column, never storing it (issue 31)', () => {
    const cells = ['Ján\u0000 Novák', 'Hlavná 1', 'Žilina', '010 01', 'SK', '+421905123456', 'jan@example.com', 'Semená', '2', '30', '20', '40', ''];
    const result = readRow(cells, MAPPING, HEADERS);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((e) => e.column)).toEqual(['Meno']);
  });
});
