import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { partnerTrackingLink, portalOrigin, portalTrackingLink } from './tracking-link.ts';

const request = (protocol: 'http' | 'https', host: string) => ({ protocol, host }) as FastifyRequest;

describe('portalOrigin', () => {
  it('prefers PUBLIC_URL (without trailing slashes) over the request', () => {
    expect(portalOrigin(request('http', 'internal:8080'), 'https://portal.example.com/')).toBe('https://portal.example.com');
    expect(portalOrigin(request('http', 'internal:8080'), 'https://example.com/portal//')).toBe('https://example.com/portal');
  });

  it("falls back to the request's protocol and host", () => {
    expect(portalOrigin(request('https', 'portal.test'), undefined)).toBe('https://portal.test');
  });
});

describe('tracking links', () => {
  it('links the public tracking page with the number encoded', () => {
    expect(portalTrackingLink('https://p.test', 'CP 1/2?')).toBe('https://p.test/package/tracking?tracking_number=CP%201%2F2%3F');
  });

  it("links the partner's page only once the partner has the parcel", () => {
    const template = 'https://t.example/{tracking_number}?again={tracking_number}';
    const shipment = { trackingNumber: 'CP123&X', hasPartnerEvents: false };
    expect(partnerTrackingLink(template, { ...shipment, status: 'CREATED' })).toBeNull();
    expect(partnerTrackingLink(template, { ...shipment, status: 'ARRIVED' })).toBeNull();
    expect(partnerTrackingLink(template, { ...shipment, status: 'SENT' })).toBe('https://t.example/CP123%26X?again=CP123%26X');
    expect(partnerTrackingLink(template, { ...shipment, status: 'ARRIVED', hasPartnerEvents: true })).toBe('https://t.example/CP123%26X?again=CP123%26X');
    expect(partnerTrackingLink(null, { ...shipment, status: 'SENT' })).toBeNull();
  });
});
