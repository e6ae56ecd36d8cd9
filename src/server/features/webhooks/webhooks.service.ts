// A company's webhook endpoints: register, list, delete, rotate the secret, send a test event,
// read the delivery log, send a logged delivery again. Rows of another company answer as missing
// ones (CompanyScope); ADMIN reaches every company's (support), and registers for its own.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Webhook, WebhookAttempt, WebhookCreate } from '#shared/contract/webhooks.ts';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_LOG_SIZE, WEBHOOK_TEST_EVENT } from '#shared/contract/webhooks.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import { webhookMessages as wm } from '#shared/i18n/webhook-messages.ts';
import type { Db } from '#server/db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { ApiError } from '#server/http-errors.ts';
import { literalHostForbidden } from '#server/http/outbound-guard.ts';
import type { Translate } from '#server/i18n.ts';
import { recordAudit } from '../audit/public.ts';
import { messageBody, newMessageId, notifyWebhookWorkers } from './webhook-outbox.ts';
import { newWebhookSecret } from './webhook-send.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

const notFound = () => new ApiError(404, 'not_found', wm.notFound);

function toWebhook(row: EndpointRow, pending: number, t: Translate): Webhook {
  return {
    id: row.id,
    company_id: row.companyId,
    url: row.url,
    event_types: row.eventTypes as Webhook['event_types'],
    enabled: row.enabled,
    disabled_reason: row.disabledReason === 'gone' ? t(wm.disabledGone) : row.disabledReason === 'address_not_allowed' ? t(wm.disabledAddress) : null,
    created_at: row.createdAt.toISOString(),
    pending,
  };
}

/** The receiver's address is checked here as far as it can be without connecting (its name is checked on every connection). */
export function checkReceiverUrl(address: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const url = new URL(address);
  const refuse = (descriptor: MessageDescriptor) => new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { url: [descriptor.id] } });
  if (url.protocol !== 'https:') throw refuse(wm.urlInvalid);
  const host = url.hostname.toLowerCase();
  if (literalHostForbidden(url) || host === 'localhost' || host.endsWith('.localhost')) throw refuse(wm.urlPrivate);
}

async function pendingCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookDeliveries.endpointId, n: count() })
    .from(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.endpointId} = any(${sql.param(ids)}::uuid[])`, eq(webhookDeliveries.state, 'pending')))
    .groupBy(webhookDeliveries.endpointId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listWebhooks(db: Db, scope: CompanyScope, t: Translate): Promise<Webhook[]> {
  const rows = await db.select().from(webhookEndpoints).where(scope.rows(webhookEndpoints.companyId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  const pending = await pendingCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toWebhook(row, pending.get(row.id) ?? 0, t));
}

async function endpointOf(db: Db, scope: CompanyScope, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), scope.rows(webhookEndpoints.companyId)));
  if (!row) throw notFound();
  return row;
}

export async function createWebhook(db: Db, scope: CompanyScope, body: WebhookCreate, allowPrivate: boolean, t: Translate): Promise<Webhook & { secret: string }> {
  checkReceiverUrl(body.url, allowPrivate);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // One company's registrations one at a time, so that two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${scope.companyId}`}, 0))`);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(scope.own(webhookEndpoints.companyId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new ApiError(409, 'conflict', wm.tooMany, { values: { max: WEBHOOK_ENDPOINTS_MAX } });
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: scope.companyId, url: body.url, eventTypes: [...new Set(body.event_types)], secret })
      .returning();
    await recordAudit(tx, { actor: scope.principal, companyId: scope.companyId, entity: 'webhook', entityId: created!.id, action: 'create', after: { url: created!.url, event_types: created!.eventTypes } });
    return created!;
  });
  return { ...toWebhook(row, 0, t), secret };
}

export async function deleteWebhook(db: Db, scope: CompanyScope, id: string, t: Translate): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const row = await endpointOf(tx, scope, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, { actor: scope.principal, companyId: row.companyId, entity: 'webhook', entityId: row.id, action: 'delete', before: { url: row.url, event_types: row.eventTypes } });
  });
  return { message: t(wm.deleted) };
}

export async function rotateWebhookSecret(db: Db, scope: CompanyScope, id: string): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const row = await endpointOf(tx, scope, id);
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: row.secret, previousUntil: new Date(Date.now() + PREVIOUS_SECRET_MS) })
      .where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, { actor: scope.principal, companyId: row.companyId, entity: 'webhook', entityId: row.id, action: 'update', after: { secret_rotated: true } });
  });
  return { secret };
}

/** Queues a `webhook.test` event for this endpoint; an endpoint turned off (410) is turned on again by it. */
export async function testWebhook(db: Db, scope: CompanyScope, id: string, t: Translate): Promise<{ message: string; message_id: string }> {
  const row = await endpointOf(db, scope, id);
  const messageId = newMessageId();
  const body = messageBody({ type: WEBHOOK_TEST_EVENT, orderingKey: '', data: { endpoint_id: row.id, company_id: row.companyId } }, new Date());
  await db.transaction(async (tx) => {
    if (!row.enabled) await tx.update(webhookEndpoints).set({ enabled: true, disabledReason: null }).where(eq(webhookEndpoints.id, row.id));
    await tx.insert(webhookDeliveries).values({ endpointId: row.id, messageId, eventType: WEBHOOK_TEST_EVENT, orderingKey: `test:${messageId}`, body });
  });
  notifyWebhookWorkers();
  return { message: t(wm.testQueued), message_id: messageId };
}

export async function webhookLog(db: Db, scope: CompanyScope, id: string): Promise<WebhookAttempt[]> {
  const row = await endpointOf(db, scope, id);
  const rows = await db
    .select({ attempt: webhookAttempts, state: webhookDeliveries.state })
    .from(webhookAttempts)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookAttempts.endpointId, row.id))
    .orderBy(desc(webhookAttempts.id))
    .limit(WEBHOOK_LOG_SIZE);
  return rows.map(({ attempt: a, state }) => ({
    id: a.id,
    delivery_id: a.deliveryId,
    at: a.at.toISOString(),
    event_type: a.eventType,
    message_id: a.messageId,
    attempt: a.attempt,
    status: a.status,
    error: a.error,
    duration_ms: a.durationMs,
    state: state ?? (a.status !== null && a.status >= 200 && a.status < 300 ? 'delivered' : 'failed'),
  }));
}

/** Sends a logged delivery again: same webhook-id and body, after the endpoint's other deliveries of its own key. */
export async function resendDelivery(db: Db, scope: CompanyScope, id: string, deliveryId: number, t: Translate): Promise<{ message: string }> {
  const row = await endpointOf(db, scope, id);
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, row.id)));
  if (!delivery) throw new ApiError(404, 'not_found', wm.deliveryNotFound);
  await db.insert(webhookDeliveries).values({
    endpointId: row.id,
    messageId: delivery.messageId,
    eventType: delivery.eventType,
    orderingKey: `resend:${delivery.messageId}`,
    body: delivery.body,
  });
  notifyWebhookWorkers();
  return { message: t(wm.resendQueued) };
}
