import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { AddCompanyDialog } from './add-company-dialog.tsx';
import { companyFixture } from '#tests/setup/web/company-fixtures.ts';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

function setup() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddCompanyDialog open onClose={onClose} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Add company' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Add company' }));
  const fill = async () => {
    await user.type(field('Company name'), 'Zelená Záhrada s.r.o.');
    await user.type(field('Street'), 'Mlynské nivy 5');
    await user.type(field('ZIP'), '82109');
    await user.type(field('City'), 'Bratislava');
    await user.selectOptions(field('Country'), 'SK');
    await user.type(field('Company ID (IČO)'), '12345679');
    await user.type(field('Tax ID (DIČ)'), '2021234567');
  };
  return { dialog, field, submit, fill, onCreated, onClose };
}

describe('the add-company dialog', () => {
  it('opens as a modal and shows an error on every required field before calling the server', async () => {
    const { dialog, field, submit } = setup();
    expect(dialog.open).toBe(true);
    await submit();
    await vi.waitFor(() => expect(within(dialog).getAllByRole('alert').length).toBeGreaterThanOrEqual(7));
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    for (const id of ['admin.company.name.required', 'admin.street.required', 'admin.zip.required', 'admin.city.required', 'admin.country.invalid', 'admin.company.cin.required', 'admin.company.tin.required']) {
      expect(alerts).toContain(id);
    }
    expect(field('Company name').getAttribute('aria-invalid')).toBe('true');
    // VAT and the invoice address are optional.
    expect(field('VAT ID (IČ DPH, optional)').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('posts the fields and hands the new company to the caller', async () => {
    const { fill, submit, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(json(companyFixture(), 201));
    await fill();
    await submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: companyFixture().id })));
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/admin/company');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Zelená Záhrada s.r.o.', country: 'SK', companyIdentificationNumber: '12345679', taxIdentificationNumber: '2021234567' });
  });

  it("puts the server's field errors on their fields and keeps the dialog open", async () => {
    const { dialog, field, fill, submit, onCreated } = setup();
    fetchMock().mockResolvedValueOnce(
      json({ error: 'validation_failed', message: 'Invalid', errors: { companyIdentificationNumber: ['This IČO is already registered'], street: ['Too long'] } }, 400),
    );
    await fill();
    await submit();
    const ico = field('Company ID (IČO)');
    await vi.waitFor(() => expect(ico.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(ico.getAttribute('aria-describedby')!)?.textContent).toBe('This IČO is already registered');
    expect(document.getElementById(field('Street').getAttribute('aria-describedby')!)?.textContent).toBe('Too long');
    expect(onCreated).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add company' }).disabled).toBe(false);
  });
});
