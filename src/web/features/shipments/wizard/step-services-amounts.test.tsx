// The wizard's services step (issue 17, "Money"): COD and insurance show the destination
// country's currency beside the field, with its keyboard and rule, and follow the country; an
// amount shows as understood in that currency (README note 96).
import { act, screen } from '@testing-library/react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { StepServices } from './step-services.tsx';

function setup(data: WizardDraftData) {
  let form: UseFormReturn<WizardDraftData> | undefined;
  function Harness() {
    form = useForm<WizardDraftData>({ defaultValues: data });
    return (
      <FormProvider {...form}>
        <StepServices />
      </FormProvider>
    );
  }
  render(<Harness />);
  return { field: (label: string) => screen.getByLabelText<HTMLInputElement>(label), setCountry: (country: string) => act(() => form!.setValue('country', country)) };
}

/** The field's description (aria-describedby), part by part. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (document.getElementById(id)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '))
    .join(' | ');

describe('StepServices amounts', () => {
  it('shows euros beside COD and insurance to Slovakia, with the usual hints', () => {
    const { field } = setup({ country: 'SK', product: 'PRM', services: {} });
    const cod = field('Cash on delivery (optional)');
    expect(cod.parentElement?.textContent).toBe('EUR');
    expect(cod.type).toBe('text');
    expect(cod.inputMode).toBe('decimal');
    expect(describedBy(cod)).toBe('EUR | Collected from the recipient and paid out to your bank account.');
    expect(field('Insurance (optional)').parentElement?.textContent).toBe('EUR');
  });

  it('follows the destination country: whole crowns to Czechia, multiples of 5 forints to Hungary', () => {
    const { field, setCountry } = setup({ country: 'CZ', product: 'PRM', services: { cod_amount: 1290 } });
    const cod = field('Cash on delivery (optional)');
    expect(cod.parentElement?.textContent).toBe('CZK');
    expect(cod.inputMode).toBe('numeric');
    expect(describedBy(cod)).toBe('CZK | = Read as CZK 1,290 | Collected from the recipient and paid out to your bank account. Amounts in CZK are whole crowns, without hellers.');
    expect(describedBy(field('Insurance (optional)'))).toBe('CZK | The declared value, covered if the parcel is lost or damaged. Amounts in CZK are whole crowns, without hellers.');

    setCountry('HU');
    expect(field('Cash on delivery (optional)').parentElement?.textContent).toBe('HUF');
    expect(field('Cash on delivery (optional)').inputMode).toBe('numeric');
    expect(describedBy(field('Cash on delivery (optional)'))).toContain('= Read as HUF 1,290 |');
    expect(field('Insurance (optional)').parentElement?.textContent).toBe('HUF');
  });
});
