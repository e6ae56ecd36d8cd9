// Issue 31: the company form checks postal codes and identifiers by the company's country with
// the shared rules before it calls the server, and says so in the user's language; an IČO that
// another company has asks before it is saved (README note 119).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { companyFixture } from '#tests/setup/web/company-fixtures.ts';
import { render } from '#tests/setup/web/render.tsx';
import { AddCompanyDialog } from './add-company-dialog.tsx';

/** The Slovak catalog's translations of `ids` (single-line msgstr), as the app loads them. */
function slovak(ids: readonly string[]): Record<string, string> {
  const po = readFileSync(resolve('src/web/locales/sk/messages.po'), 'utf8');
  return Object.fromEntries(
    ids.map((id) => {
      const found = new RegExp(`^msgid "${id.replace(/\./g, '\\.')}"\\nmsgstr "(.+)"$`, 'm').exec(po);
      if (!found?.[1]) throw new Error(`${id} has no Slovak translation`);
      return [id, found[1]];
    }),
  );
}

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
  act(() => i18n.activate('en'));
});

function setup() {
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddCompanyDialog open onClose={() => {}} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Add company' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  /** The text of the field's error (its description), '' when none. */
  const errorOf = (label: string) => {
    const input = field(label);
    return input.getAttribute('aria-invalid') === 'true' ? (document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '') : '';
  };
  const fill = async (values: { zip: string; ico: string; dic: string }) => {
    await user.type(field('Company name'), 'Tatra Poprad s.r.o.');
    await user.type(field('Street'), 'Levočská 3');
    await user.type(field('ZIP'), values.zip);
    await user.type(field('City'), 'Poprad');
    await user.selectOptions(field('Country'), 'SK');
    await user.type(field('Company ID (IČO)'), values.ico);
    await user.type(field('Tax ID (DIČ)'), values.dic);
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Add company' }));
  return { user, dialog, field, errorOf, fill, submit, onCreated };
}

describe('the company form checks addresses and identifiers by country', () => {
  it('shows ZIP "ABC", IČO "abc" and a DIČ not divisible by 11 as field errors in Slovak, without calling the server', async () => {
    act(() => {
      i18n.load('sk', slovak([am.zipInvalid.id, am.cinFormat.id, am.tinCheck.id]));
      i18n.activate('sk');
    });
    const { fill, submit, errorOf } = setup();
    await fill({ zip: 'ABC', ico: 'abc', dic: '2021234568' });
    await submit();
    await vi.waitFor(() => expect(errorOf('ZIP')).toBe('PSČ nezodpovedá formátu krajiny'));
    expect(errorOf('Company ID (IČO)')).toBe('Slovenské alebo české IČO má 8 číslic');
    expect(errorOf('Tax ID (DIČ)')).toBe('Toto DIČ nevyhovuje kontrole: skontrolujte, či v ňom nie je preklep');
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('refuses a wrong IČO check digit and a four-digit Slovak ZIP', async () => {
    const { fill, submit, errorOf } = setup();
    await fill({ zip: '1234', ico: '12345678', dic: '2021234567' });
    await submit();
    await vi.waitFor(() => expect(errorOf('Company ID (IČO)')).toBe(am.cinCheck.id));
    expect(errorOf('ZIP')).toBe(am.zipInvalid.id);
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('sends the ZIP and IČO normalised', async () => {
    const { fill, submit, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(json(companyFixture(), 201));
    await fill({ zip: '05801', ico: '12 345 679', dic: '2021234567' });
    await submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock().mock.calls[0]![1]?.body))).toMatchObject({ zip: '058 01', companyIdentificationNumber: '12345679' });
  });

  it('asks before saving an IČO another company has, and saves with the confirmation', async () => {
    const { user, fill, submit, onCreated } = setup();
    const warning =
      'Zelená Záhrada s.r.o. already has this company ID (IČO). Two legal entities never share one: save only if this is the same company entered again (e.g. a branch).';
    fetchMock()
      .mockResolvedValueOnce(
        json(
          {
            error: 'conflict',
            message: warning,
            errors: { companyIdentificationNumber: [am.cinDuplicate.message] },
            codes: { companyIdentificationNumber: ['company_id.duplicate'] },
          },
          409,
        ),
      )
      .mockResolvedValueOnce(json(companyFixture(), 201));
    await fill({ zip: '058 01', ico: '47258365', dic: '2021234567' });
    await submit();
    const confirm = await screen.findByRole('dialog', { name: 'Another company has this IČO' });
    expect(within(confirm).getByText(warning)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Save anyway' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    const bodies = fetchMock().mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(bodies[0]?.confirmDuplicate).toBeUndefined();
    expect(bodies[1]).toMatchObject({ companyIdentificationNumber: '47258365', confirmDuplicate: true });
  });

  it('puts the duplicate on the IČO field when the user does not confirm', async () => {
    const { user, fill, submit, errorOf, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(
      json(
        {
          error: 'conflict',
          message: 'Zelená Záhrada s.r.o. already has this company ID (IČO).',
          errors: { companyIdentificationNumber: [am.cinDuplicate.message] },
          codes: { companyIdentificationNumber: ['company_id.duplicate'] },
        },
        409,
      ),
    );
    await fill({ zip: '058 01', ico: '47258365', dic: '2021234567' });
    await submit();
    const confirm = await screen.findByRole('dialog', { name: 'Another company has this IČO' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(errorOf('Company ID (IČO)')).toBe(am.cinDuplicate.message));
    expect(fetchMock()).toHaveBeenCalledTimes(1);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
