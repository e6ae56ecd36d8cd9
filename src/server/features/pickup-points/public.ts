// What other features use of pickup points (the only file they import from here).
export { findActivePoints, type PickupPointRow } from './pickup-points.service.ts';
