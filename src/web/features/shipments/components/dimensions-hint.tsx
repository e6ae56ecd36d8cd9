import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Dimensions } from '#shared/contract/shipments.ts';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useDimensions } from '../api/get-dimensions.ts';

/**
 * Loads the destination's size limits and hands them to the size inputs ("max N cm"); shows the
 * spec's messages when they cannot be loaded.
 */
export function DimensionsHint({ country, product, deliveryMethod, children }: { country: string; product: Product | undefined; deliveryMethod: DeliveryMethod | undefined; children: (max: Dimensions | undefined) => ReactNode }) {
  const { data, error } = useDimensions(country, product, deliveryMethod);
  return (
    <>
      {children(data)}
      {error && (
        <p className="label col-span-full text-warning" role="status">
          {error instanceof ApiError && error.status === 404 ? (
            <Trans>Dimensions not found. Please contact support</Trans>
          ) : error instanceof ApiError && error.status >= 500 ? (
            <Trans>Internal Server Error. Please try again later.</Trans>
          ) : (
            error.message || <Trans>Unknown error</Trans>
          )}
        </p>
      )}
    </>
  );
}
