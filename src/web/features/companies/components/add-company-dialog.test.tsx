import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { AddCompanyDialog } from './add-company-dialog.tsx';
import { buttonNamed, byLabel, choose, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { companyFixture } from '../../../../../tests/setup/web/company-fixtures.ts';

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
});

function setup() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddCompanyDialog open onClose={onClose} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  const dialog = view.container.querySelector('dialog')!;
  const submit = () => act(async () => dialog.querySelector('form')!.requestSubmit());
  const fill = () => {
    type(byLabel(dialog, 'Company name'), 'Zelená Záhrada s.r.o.');
    type(byLabel(dialog, 'Street'), 'Mlynské nivy 5');
    type(byLabel(dialog, 'ZIP'), '82109');
    type(byLabel(dialog, 'City'), 'Bratislava');
    choose(byLabel<HTMLSelectElement>(dialog, 'Country'), 'SK');
    type(byLabel(dialog, 'Company ID (IČO)'), '12345678');
    type(byLabel(dialog, 'Tax ID (DIČ)'), '2021234567');
  };
  return { dialog, submit, fill, onCreated, onClose };
}

describe('the add-company dialog', () => {
  it('opens as a modal and shows an error on every required field before calling the server', async () => {
    const { dialog, submit } = setup();
    expect(dialog.open).toBe(true);
    await submit();
    await vi.waitFor(() => expect(dialog.querySelectorAll('[role="alert"]').length).toBeGreaterThanOrEqual(7));
    const text = dialog.textContent ?? '';
    for (const id of ['admin.company.name.required', 'admin.street.required', 'admin.zip.required', 'admin.city.required', 'admin.country.invalid', 'admin.company.cin.required', 'admin.company.tin.required']) {
      expect(text).toContain(id);
    }
    expect(byLabel(dialog, 'Company name').getAttribute('aria-invalid')).toBe('true');
    // VAT and the invoice address are optional.
    expect(byLabel(dialog, 'VAT ID (IČ DPH, optional)').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('posts the fields and hands the new company to the caller', async () => {
    const { fill, submit, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(json(companyFixture(), 201));
    fill();
    await submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: companyFixture().id })));
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/admin/company');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Zelená Záhrada s.r.o.', country: 'SK', companyIdentificationNumber: '12345678', taxIdentificationNumber: '2021234567' });
  });

  it("puts the server's field errors on their fields and keeps the dialog open", async () => {
    const { dialog, fill, submit, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(
      json({ error: 'validation_failed', message: 'Invalid', errors: { companyIdentificationNumber: ['This IČO is already registered'], street: ['Too long'] } }, 400),
    );
    fill();
    await submit();
    const ico = byLabel(dialog, 'Company ID (IČO)');
    await vi.waitFor(() => expect(ico.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(ico.getAttribute('aria-describedby')!)?.textContent).toBe('This IČO is already registered');
    expect(document.getElementById(byLabel(dialog, 'Street').getAttribute('aria-describedby')!)?.textContent).toBe('Too long');
    expect(onCreated).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    expect(buttonNamed(dialog, 'Add company').disabled).toBe(false);
  });
});
