// Looking a message up by its id, across every message file. Apart from messages.ts so that the
// web app's first load, which needs messages.ts, does not carry the admin screens' messages.
import { accountMessages } from './account-messages.ts';
import { adminMessages } from './admin-messages.ts';
import { documentActionMessages } from './document-action-messages.ts';
import { inputMessages } from './input-messages.ts';
import { messages, type MessageDescriptor } from './messages.ts';
import { moneyMessages } from './money-messages.ts';
import { reportFieldMessages } from './report-messages.ts';
import { serverMessages } from './server-messages.ts';
import { shipmentMessages } from './shipment-messages.ts';
import { webhookMessages } from './webhook-messages.ts';

const BY_ID = new Map<string, MessageDescriptor>([...Object.values(messages), ...Object.values(adminMessages), ...Object.values(accountMessages), ...Object.values(reportFieldMessages), ...Object.values(serverMessages), ...Object.values(moneyMessages), ...Object.values(documentActionMessages), ...Object.values(shipmentMessages), ...Object.values(inputMessages), ...Object.values(webhookMessages)].map((m) => [m.id, m]));

/** The descriptor for a message id, if the id is one of ours (schema messages are ids). */
export function findMessage(id: string): MessageDescriptor | undefined {
  return BY_ID.get(id);
}
