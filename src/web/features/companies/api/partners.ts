import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerAssignEndpoint,
  partnerCandidatesEndpoint,
  partnerPriorityEndpoint,
  partnerUnassignEndpoint,
} from '#shared/contract/admin-pickup-addresses.ts';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { api } from '#web/lib/api.ts';
import { companyKeys, type CandidateCriteria } from './company-keys.ts';
import { useRefreshCompany } from './use-refresh-company.ts';

/** The partners that serve a country, product and delivery method from an address (no retry, never cached: spec section 9). */
export function partnerCandidatesQueryOptions(criteria: CandidateCriteria) {
  return queryOptions({
    queryKey: companyKeys.candidates(criteria),
    queryFn: ({ signal }) =>
      api.call(partnerCandidatesEndpoint, {
        query: {
          country: criteria.country,
          product: criteria.product as Product,
          delivery_method: criteria.delivery_method as DeliveryMethod,
          pickup_address_id: criteria.pickup_address_id,
        },
        signal,
      }),
    retry: false,
    staleTime: 0,
  });
}

/** Fetched only when country, product and method are all chosen (spec section 5). */
export function usePartnerCandidates(criteria: CandidateCriteria | null) {
  return useQuery({
    ...partnerCandidatesQueryOptions(criteria ?? { country: '', product: '', delivery_method: '', pickup_address_id: '' }),
    enabled: criteria !== null,
  });
}

/** Every partner with its priority (the candidates query without criteria). */
export function allPartnersQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.allPartners(),
    queryFn: ({ signal }) => api.call(partnerCandidatesEndpoint, { query: {}, signal }),
    staleTime: 0,
  });
}

export function useAllPartners(enabled = true) {
  return useQuery({ ...allPartnersQueryOptions(), enabled });
}

export interface Assignment {
  addressId: string;
  country: string;
  product: Product;
  partnerId: number;
  /** Sent only when the "delivery method priority" box is checked. */
  deliveryMethod?: DeliveryMethod | undefined;
}

function useRefreshAfterAssignment(companyId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return () => Promise.all([refresh(companyId), queryClient.invalidateQueries({ queryKey: companyKeys.partners() })]);
}

/** Assigns a preferred partner; the company and the candidates are refreshed. */
export function useAssignPartner(companyId: string) {
  const refreshAll = useRefreshAfterAssignment(companyId);
  return useMutation({
    mutationFn: ({ addressId, country, product, partnerId, deliveryMethod }: Assignment) =>
      api.call(partnerAssignEndpoint, {
        params: { id: addressId },
        query: { country, product, partner_id: partnerId, ...(deliveryMethod ? { delivery_method: deliveryMethod } : {}) },
      }),
    onSuccess: refreshAll,
  });
}

export interface Unassignment {
  addressId: string;
  country: string;
  product: Product;
  deliveryMethod: DeliveryMethod | null;
}

export function useUnassignPartner(companyId: string) {
  const refreshAll = useRefreshAfterAssignment(companyId);
  return useMutation({
    mutationFn: ({ addressId, country, product, deliveryMethod }: Unassignment) =>
      api.call(partnerUnassignEndpoint, { params: { id: addressId }, query: { country, product, ...(deliveryMethod ? { delivery_method: deliveryMethod } : {}) } }),
    onSuccess: refreshAll,
  });
}

/** PUT a partner's priority (1–10); the partner lists are refreshed. */
export function useUpdatePartnerPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, priority }: { partnerId: number; priority: number }) => api.call(partnerPriorityEndpoint, { body: { partnerId, priority } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.partners() }),
  });
}
