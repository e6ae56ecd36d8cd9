/** Every tracking query key comes from here. */
export const trackingKeys = {
  all: ['tracking'] as const,
  track: (trackingNumber: string, zip: string | undefined) => [...trackingKeys.all, 'track', trackingNumber, zip ?? ''] as const,
};
