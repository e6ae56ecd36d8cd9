// What other features use of shipments (the only file they import from here): the status a
// label is printed for, and the batch insert imports create their rows with.
export { batchContext, insertBatch, prepareBatch, type BatchRow } from './shipment-batch.ts';
export { shipmentStatus } from './shipments.service.ts';
