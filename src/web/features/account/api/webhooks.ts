import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookCreateEndpoint,
  webhookDeleteEndpoint,
  webhookDeliveriesEndpoint,
  webhookListEndpoint,
  webhookResendEndpoint,
  webhookRotateSecretEndpoint,
  webhookTestEndpoint,
  type WebhookCreate,
} from '#shared/contract/webhooks.ts';
import { api } from '#web/lib/api.ts';

export const webhookKeys = {
  all: () => ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  log: (id: string) => ['webhooks', 'log', id] as const,
};

export function useWebhooks() {
  return useQuery(queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => api.call(webhookListEndpoint, { signal }) }));
}

/** The delivery log; while open it is read again every few seconds (a test event shows up by itself). */
export function useWebhookLog(id: string, open: boolean) {
  return useQuery({ queryKey: webhookKeys.log(id), queryFn: ({ signal }) => api.call(webhookDeliveriesEndpoint, { params: { id }, signal }), enabled: open, refetchInterval: 3_000 });
}

function useInvalidating<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }) });
}

export const useCreateWebhook = () => useInvalidating((body: WebhookCreate) => api.call(webhookCreateEndpoint, { body }));
export const useDeleteWebhook = () => useInvalidating((id: string) => api.call(webhookDeleteEndpoint, { params: { id } }));
export const useTestWebhook = () => useInvalidating((id: string) => api.call(webhookTestEndpoint, { params: { id } }));
export const useRotateWebhookSecret = () => useInvalidating((id: string) => api.call(webhookRotateSecretEndpoint, { params: { id } }));
export const useResendDelivery = () =>
  useInvalidating(({ id, deliveryId }: { id: string; deliveryId: number }) => api.call(webhookResendEndpoint, { params: { id, delivery_id: deliveryId } }));
