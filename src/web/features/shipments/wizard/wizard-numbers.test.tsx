// The wizard's numbers as typed (issue 31, README note 96): a parcel's weight and sizes, COD and
// insurance are text read in the user's language, shown as understood ("= 2,5 kg") beside the
// field; text that could be two numbers stays in the draft as typed and the step's check refuses
// it on its field, never sending 2.5 or 2500 by guess.
import { i18n } from '@lingui/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductsMap } from '#shared/domain/shipment-rules.ts';
import { inputMessages } from '#shared/i18n/input-messages.ts';
import { render } from '#tests/setup/web/render.tsx';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { StepPackage } from './step-package.tsx';
import { StepServices } from './step-services.tsx';
import { checkWizard, emptyParcel } from './wizard-values.ts';

const PRODUCTS: ProductsMap = { SK: ['PRM', 'TRC'] };

afterEach(() => {
  act(() => i18n.activate('en'));
});

function setup(language: 'en' | 'sk' | 'de' | 'cz') {
  act(() => {
    i18n.load(language, {});
    i18n.activate(language);
  });
  let form: UseFormReturn<WizardDraftData> | undefined;
  function Harness() {
    form = useForm<WizardDraftData>({ defaultValues: { country: 'SK', product: 'PRM', delivery: 'courier', package: {}, parcels: [emptyParcel()], services: { cod_amount: null, insurance: null } } });
    return (
      <FormProvider {...form}>
        <StepPackage />
        <StepServices />
      </FormProvider>
    );
  }
  render(<Harness />);
  const understoodOf = (input: HTMLElement) => {
    const line = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-understood'));
    return (line ? (document.getElementById(line)?.textContent ?? '') : '').replace(/[\u00a0\u202f]/g, ' ').replace(/^= Read as /, '');
  };
  return { user: userEvent.setup({ delay: null }), field: (label: string) => screen.getByLabelText<HTMLInputElement>(label), understoodOf, values: () => form!.getValues() };
}

describe('wizard numbers', () => {
  it('reads 2,5 kg typed in Slovak as 2.5 and shows it as understood', async () => {
    const { user, field, understoodOf, values } = setup('sk');
    const weight = field('Weight (kg)');
    expect(weight.type).toBe('text');
    expect(weight.inputMode).toBe('decimal');
    await user.type(weight, '2,5');
    await user.type(field('Width (cm)'), '30');
    await user.type(field('Cash on delivery (optional)'), '1 234,5');
    expect(understoodOf(weight)).toBe('2,5 kg');
    expect(understoodOf(field('Width (cm)'))).toBe('30 cm');
    expect(understoodOf(field('Cash on delivery (optional)'))).toBe('1 234,50 €');
    expect(values().parcels?.[0]).toMatchObject({ weight: 2.5, width: 30 });
    expect(values().services?.cod_amount).toBe(1234.5);
  });

  it('reads 2.500 in English as 2.5 kg (the language’s decimal point)', async () => {
    const english = setup('en');
    await english.user.type(english.field('Weight (kg)'), '2.500');
    expect(english.understoodOf(english.field('Weight (kg)'))).toBe('2.5 kg');
    expect(english.values().parcels?.[0]?.weight).toBe(2.5);
  });

  it('keeps ambiguous text as typed, unsent, for the check to refuse on its field', async () => {
    const { user, field, understoodOf, values } = setup('de');
    await user.type(field('Weight (kg)'), '2.500');
    await user.type(field('Insurance (optional)'), '1,5x');
    expect(understoodOf(field('Weight (kg)'))).toBe('');
    expect(values().parcels?.[0]?.weight).toBe('2.500');
    const { errors, payload } = checkWizard(values(), PRODUCTS);
    expect(payload).toBeUndefined();
    expect(errors['parcels.0.weight']).toEqual([inputMessages.ambiguousNumber.id]);
    expect(errors['services.insurance']).toEqual([inputMessages.notANumber.id]);
  });
});
