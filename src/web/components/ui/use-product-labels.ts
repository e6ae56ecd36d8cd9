import { useLingui } from '@lingui/react/macro';
import type { Product } from '#shared/domain/enums.ts';

/** Products by name with what each is in one line: the client's wizard, the shipment screens and the admin's product tabs. */
export function useProductLabels(): { name: Record<Product, string>; hint: Record<Product, string> } {
  const { t } = useLingui();
  return {
    name: {
      UTR: t`Basic`,
      TRC: t`Tracked letter`,
      PRM: t`Parcel`,
      RTN: t`Return`,
    },
    hint: {
      PRM: t`A parcel up to 31.5 kg, by courier or to a parcel point.`,
      TRC: t`A tracked letter up to 2 kg, signed for on delivery.`,
      UTR: t`A basic letter up to 2 kg, delivered by the postal operator.`,
      RTN: t`A return: the parcel comes back to your pickup address.`,
    },
  };
}
