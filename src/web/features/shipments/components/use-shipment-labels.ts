import { useLingui } from '@lingui/react/macro';
import type { DeliveryMethod, GoodsType } from '#shared/domain/enums.ts';
import { usePartnerLabels } from '#web/components/ui/use-partner-labels.ts';
import { useProductLabels } from '#web/components/ui/use-product-labels.ts';

/** Translated names of the shipment enumerations (spec section 3) for tables, filters and the detail. */
export function useShipmentLabels() {
  const { t } = useLingui();
  const deliveryMethod: Record<DeliveryMethod, string> = {
    home_delivery: t`Home delivery`,
    parcel_locker: t`Parcel locker`,
    pickup_point: t`Pickup point`,
    other_pudo: t`Other PUDO`,
  };
  const products = useProductLabels();
  const product = products.name;
  /** What each product is, in one line (the wizard's product cards). */
  const productHint = products.hint;
  const goodsType: Record<GoodsType, string> = {
    GOODS: t`Goods`,
    SAMPLE: t`Sample`,
    DOCUMENTS: t`Documents`,
    GIFT: t`Gift`,
  };
  const partner = usePartnerLabels().name;
  return { deliveryMethod, product, productHint, goodsType, partner };
}
