// The send form's numbers as typed (issue 31, README note 96 "Numbers as typed"): "2,5" in the
// weight was sent as 25 kg. Every number field is text read in the user's language: its decimal
// mark, and the other one where it can only be decimal; "2,500" / "2.500" with the other mark
// could be 2.5 or 2500 and is refused on the field. The value as understood ("= 2,5 kg") shows
// under the field before the submit.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { jsonResponse, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { SendForm } from './send-form.tsx';

const client: ClientInfo = { id: 'demo-user', name: 'Zelená Záhrada', role: 'USER', products: { SK: ['PRM', 'TRC'], CZ: ['PRM', 'TRC'] } };

type Language = 'en' | 'sk' | 'de' | 'cz';

/** The catalog's translations of `ids` (single-line msgstr), as the app loads them. */
function translations(language: Language, ids: readonly string[]): Record<string, string> {
  const po = readFileSync(resolve('src/web/locales', language, 'messages.po'), 'utf8');
  return Object.fromEntries(
    ids.map((id) => {
      const found = new RegExp(`^msgid "${id.replace(/\./g, '\\.')}"\\nmsgstr "(.+)"$`, 'm').exec(po);
      if (!found?.[1]) throw new Error(`${id} has no ${language} translation`);
      return [id, found[1]];
    }),
  );
}

const AMBIGUOUS = inputMessages.ambiguousNumber.id;

/**
 * What each language makes of the cases: the weight as understood, or the ambiguity.
 * Thousands: spaces group them in every language; a lone mark before three digits is decimal
 * when it is the language's own mark, and refused when it is the other one.
 */
const CASES: Record<Language, [typed: string, understood: string | typeof AMBIGUOUS][]> = {
  en: [['2,5', '2.5 kg'], ['2.5', '2.5 kg'], ['1 234,5', '1,234.5 kg'], ['2,500', AMBIGUOUS], ['2.500', '2.5 kg']],
  sk: [['2,5', '2,5 kg'], ['2.5', '2,5 kg'], ['1 234,5', '1 234,5 kg'], ['2,500', '2,5 kg'], ['2.500', AMBIGUOUS]],
  de: [['2,5', '2,5 kg'], ['2.5', '2,5 kg'], ['1 234,5', '1.234,5 kg'], ['2,500', '2,5 kg'], ['2.500', AMBIGUOUS]],
  cz: [['2,5', '2,5 kg'], ['2.5', '2,5 kg'], ['1 234,5', '1 234,5 kg'], ['2,500', '2,5 kg'], ['2.500', AMBIGUOUS]],
};

const fetchMock = stubFetchPerTest();
/** The bodies the form posted to create a shipment. */
let posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted = [];
  fetchMock().mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/dimensions')) return jsonResponse({ width: 120, height: 60, length: 60 });
    if (url.includes('/shipments/store')) {
      posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse({ error: 'conflict', message: 'Stopped by the test.' }, 409);
    }
    return jsonResponse({ pickup_widgets: {} });
  });
});

afterEach(() => {
  act(() => i18n.activate('en'));
});

/** Intl's no-break and narrow no-break spaces as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function setup(language: Language) {
  // The messages this test reads in the language; the labels stay the English source.
  act(() => {
    i18n.load(language, translations(language, [AMBIGUOUS, inputMessages.notANumber.id]));
    i18n.activate(language);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SendForm client={client} onSent={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.selectOptions(screen.getByLabelText('Country'), 'SK');
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  /** The value as understood, read from the field's description ("= 2,5 kg"); '' when none. */
  const understoodOf = (input: HTMLElement) => {
    const line = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-understood'));
    return plain(line ? document.getElementById(line)?.textContent : '').replace(/^= Read as /, '');
  };
  const errorOf = (input: HTMLElement) => {
    const line = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error'));
    return line ? document.getElementById(line)?.textContent : undefined;
  };
  return { user, field, understoodOf, errorOf };
}

describe.each(['en', 'sk', 'de', 'cz'] as const)('SendForm numbers in %s', (language) => {
  it('takes the weight as text with a decimal keyboard, not as <input type="number">', async () => {
    const { field } = await setup(language);
    const weight = field('Weight (kg)');
    expect(weight.type).toBe('text');
    expect(weight.inputMode).toBe('decimal');
    expect(field('Width (cm)').inputMode).toBe('numeric');
  });

  it.each(CASES[language])('reads %s in the weight as %s', async (typed, expected) => {
    const { user, field, understoodOf, errorOf } = await setup(language);
    const weight = field('Weight (kg)');
    await user.type(weight, typed);
    await user.tab();
    if (expected === AMBIGUOUS) {
      // Refused on the field, in the language, and nothing shown as understood.
      await vi.waitFor(() => expect(errorOf(weight)).toBe(translations(language, [AMBIGUOUS])[AMBIGUOUS]));
      expect(weight.getAttribute('aria-invalid')).toBe('true');
      expect(understoodOf(weight)).toBe('');
    } else {
      expect(understoodOf(weight)).toBe(expected);
      expect(errorOf(weight)).toBeUndefined();
    }
    // What was typed stays as typed.
    expect(weight.value).toBe(typed);
  });
});

// A whole form typed key by key: more than the default 5 s on a busy two-core machine.
describe('SendForm numbers sent', { timeout: 20_000 }, () => {
  async function fillAndSend(language: Language, numbers: { weight: string; width?: string; cod?: string }) {
    const { user, field, understoodOf, errorOf } = await setup(language);
    // A parcel (a tracked letter, TRC, takes at most 2 kg).
    await user.selectOptions(field('Product'), 'PRM');
    await user.type(field('Name'), 'Jana Nová');
    await user.type(field('Street'), 'Hlavná');
    await user.type(field('City'), 'Žilina');
    await user.type(field('Postal code'), '010 01');
    await user.type(field('Phone'), '+421901234567');
    await user.type(field('Email'), 'jana@example.sk');
    await user.type(field('Weight (kg)'), numbers.weight);
    await user.type(field('Width (cm)'), numbers.width ?? '30');
    for (const label of ['Height (cm)', 'Length (cm)']) await user.type(field(label), '20');
    await user.type(field('Content'), 'Seeds');
    if (numbers.cod) await user.type(field('Cash on delivery (optional)'), numbers.cod);
    await user.click(screen.getByRole('button', { name: 'Send shipment' }));
    return { field, understoodOf, errorOf };
  }

  it('sends 2,5 kg typed in Slovak as 2.5, and an amount with grouped thousands as its value', async () => {
    const { field, understoodOf } = await fillAndSend('sk', { weight: '2,5', cod: '1 234,50' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ weight: 2.5, width: 30, height: 20, length: 20, cod_amount: 1234.5 });
    expect(understoodOf(field('Cash on delivery (optional)'))).toBe('1 234,50 €');
    expect(understoodOf(field('Width (cm)'))).toBe('30 cm');
  });

  it('sends 2.5 kg typed in English as 2.5', async () => {
    await fillAndSend('en', { weight: '2.5' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ weight: 2.5 });
  });

  it('sends nothing while a number is ambiguous or not a number, and says so on its field', async () => {
    const { field, errorOf } = await fillAndSend('de', { weight: '2.500', width: '30 cm' });
    await vi.waitFor(() => expect(errorOf(field('Weight (kg)'))).toBe(translations('de', [AMBIGUOUS])[AMBIGUOUS]));
    expect(errorOf(field('Width (cm)'))).toBe(translations('de', [inputMessages.notANumber.id])[inputMessages.notANumber.id]);
    expect(posted).toHaveLength(0);
  });
});
