// A company's webhook endpoints (issue 29 item 5) and, with a job queue, the delivery worker.
import type { FastifyInstance } from 'fastify';
import {
  webhookCreateEndpoint,
  webhookDeleteEndpoint,
  webhookDeliveriesEndpoint,
  webhookListEndpoint,
  webhookResendEndpoint,
  webhookRotateSecretEndpoint,
  webhookTestEndpoint,
} from '#shared/contract/webhooks.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { WebhookWorker, type WebhookOptions } from './webhook-delivery.ts';
import { onWebhookQueued } from './webhook-outbox.ts';
import { createWebhook, deleteWebhook, listWebhooks, resendDelivery, rotateWebhookSecret, testWebhook, webhookLog } from './webhooks.service.ts';

export async function webhookRoutes(app: FastifyInstance, { db, options, deliver }: { db: Db; options: WebhookOptions; deliver: boolean }) {
  route(app, webhookListEndpoint, async ({ scope, t }) => listWebhooks(db, scope, t));
  route(app, webhookCreateEndpoint, async ({ scope, body, t }) => createWebhook(db, scope, body, options.allowPrivate, t));
  route(app, webhookDeleteEndpoint, async ({ scope, params, t }) => deleteWebhook(db, scope, params.id, t));
  route(app, webhookTestEndpoint, async ({ scope, params, t }) => testWebhook(db, scope, params.id, t));
  route(app, webhookDeliveriesEndpoint, async ({ scope, params }) => webhookLog(db, scope, params.id));
  route(app, webhookRotateSecretEndpoint, async ({ scope, params }) => rotateWebhookSecret(db, scope, params.id));
  route(app, webhookResendEndpoint, async ({ scope, params, t }) => resendDelivery(db, scope, params.id, params.delivery_id, t));

  if (!deliver) return;
  const worker = new WebhookWorker(db, app.log, options);
  const unsubscribe = onWebhookQueued(() => worker.wake());
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}
