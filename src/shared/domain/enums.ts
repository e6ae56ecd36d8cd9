// Enumerations of spec section 3. Each is a readonly tuple so zod, drizzle and the UI share one list.

export const ROLES = ['USER', 'ADMIN', 'OFFICER', 'REPORTER'] as const;
export type Role = (typeof ROLES)[number];

export const DELIVERY_METHODS = ['home_delivery', 'parcel_locker', 'pickup_point', 'other_pudo'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const SHIPMENT_STATUSES = ['DELETED', 'CREATED', 'MANIFESTED', 'ARRIVED', 'SENT'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const GOODS_TYPES = ['GOODS', 'SAMPLE', 'DOCUMENTS', 'GIFT'] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];

export const PRODUCTS = ['UTR', 'TRC', 'PRM', 'RTN'] as const;
export type Product = (typeof PRODUCTS)[number];

export const IMPORT_STATUSES = ['COMPLETED', 'PROCESSING', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Parcel statuses an admin may set from the scan page. */
export const PARCEL_STATUS_UPDATES = ['ARRIVED', 'SENT'] as const;
export type ParcelStatusUpdate = (typeof PARCEL_STATUS_UPDATES)[number];

/** Delivery partners with the ids fixed by the spec (section 3). */
export const PARTNERS = {
  POSTONE: 1,
  POST_AT: 2,
  SPS: 3,
  POST_HU: 4,
  UNTRACKED: 6,
  ONE_CZ: 7,
  POST_PL: 8,
  KAAB: 9,
} as const;
export type PartnerCode = keyof typeof PARTNERS;
