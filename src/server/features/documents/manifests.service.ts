// Manifests: the hand-over of CREATED shipments to the driver, one per pickup address and partner.
// Generating one moves its shipments to MANIFESTED (with an event) in one transaction that locks
// them, so two offices clicking at once never put a parcel on two manifests. The PDF is drawn from
// the shipments it took, at generation and at every download.
import { zipSync } from 'fflate';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Manifest, ManifestGenerateRequest, ManifestList } from '#shared/contract/manifests.ts';
import { codCurrency } from '#shared/domain/currencies.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { manifestCaptions } from '#shared/i18n/document-messages.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { companies, imports, manifests, pickupAddresses, shipmentEvents, shipments } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Translate } from '#server/i18n.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { advanceTrackingStatus, trackingChanged } from '../tracking/public.ts';
import type { ManifestCaptions, ManifestData, PostalAddress } from './document-types.ts';
import type { DocumentRenderer } from './render-pool.ts';


export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Uint8Array;
}

type Candidate = { id: number; itemNumber: string; status: string; companyId: string; pickupAddressId: string | null; partnerId: number | null; partnerName: string | null };

/** The shipments a request names, locked until the manifests are written. */
async function candidates(tx: Db, scope: CompanyScope, request: ManifestGenerateRequest): Promise<{ rows: Candidate[]; importId: string | null }> {
  const own = scope.rows(shipments.companyId);
  const columns = {
    id: shipments.id,
    itemNumber: shipments.itemNumber,
    status: shipments.status,
    companyId: shipments.companyId,
    pickupAddressId: shipments.pickupAddressId,
    partnerId: shipments.partnerId,
    partnerName: shipments.partnerName,
  };
  const select = (where: SQL | undefined) => tx.select(columns).from(shipments).where(where).orderBy(asc(shipments.id)).for('update');

  if ('importId' in request) {
    const [found] = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.id, request.importId), scope.rows(imports.companyId)));
    if (!found) throw new ApiError(404, 'not_found', documentActionMessages.importNotFound);
    return { rows: await select(and(eq(shipments.importId, found.id), eq(shipments.status, 'CREATED'), own)), importId: found.id };
  }
  if ('item_numbers' in request) {
    const wanted = [...new Set(request.item_numbers.map((n) => n.trim().toUpperCase()))];
    const rows = await select(and(inArray(shipments.itemNumber, wanted), own));
    const ready = new Set(rows.filter((r) => r.status === 'CREATED').map((r) => r.itemNumber));
    const refused = wanted.filter((n) => !ready.has(n));
    if (refused.length > 0) {
      throw new ApiError(400, 'invalid_request', serverMessages.manifestRefused, { values: { items: refused.slice(0, 20).join(', ') }, fields: { item_numbers: refused } });
    }
    return { rows, importId: null };
  }
  const [address] = await tx
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.id, request.pickup_address_id), scope.rows(pickupAddresses.companyId)));
  if (!address) throw new ApiError(400, 'invalid_request', serverMessages.manifestPickupInvalid, { fields: { pickup_address_id: [serverMessages.manifestPickupInvalid.id] } });
  const rows = await select(and(eq(shipments.pickupAddressId, address.id), eq(shipments.partnerId, request.partner_id), eq(shipments.status, 'CREATED'), own));
  return { rows, importId: null };
}

/** POST api/v1/manifests/generate: one PDF for one manifest, a zip for several. */
export async function generateManifests(db: Db, scope: CompanyScope, request: ManifestGenerateRequest, t: Translate, renderer: DocumentRenderer): Promise<DownloadFile> {
  const ids = await retriedTransaction(db, async (tx) => {
    const { rows, importId } = await candidates(tx, scope, request);
    if (rows.length === 0) throw new ApiError(400, 'invalid_request', serverMessages.manifestNothingToHandOver);
    const groups = new Map<string, Candidate[]>();
    for (const row of rows) {
      const key = `${row.companyId}|${row.pickupAddressId ?? ''}|${row.partnerId ?? ''}`;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    const created: string[] = [];
    for (const group of groups.values()) {
      const first = group[0]!;
      const [{ id }] = (await queryRows<{ id: string }>(tx, sql`select 'MF' || lpad(nextval('manifest_number_seq')::text, 10, '0') as id`)) as [{ id: string }];
      await tx.insert(manifests).values({
        id,
        companyId: first.companyId,
        clientId: scope.principal.clientId,
        pickupAddressId: first.pickupAddressId,
        partnerId: first.partnerId,
        partnerName: first.partnerName ?? '',
        importId,
        shipmentCount: group.length,
      });
      const shipmentIds = group.map((r) => r.id);
      await tx.update(shipments).set({ status: 'MANIFESTED', manifestId: id, updatedAt: sql`now()` }).where(inArray(shipments.id, shipmentIds));
      await tx.insert(shipmentEvents).values(shipmentIds.map((shipmentId) => ({ shipmentId, status: 'MANIFESTED' as const, source: 'portal', clientId: scope.principal.clientId })));
      await advanceTrackingStatus(tx, shipmentIds.map((shipmentId) => ({ shipmentId, code: 'MANIFESTED' as const, at: null })));
      await trackingChanged(tx, shipmentIds);
      created.push(id);
    }
    return created;
  });

  const files = await Promise.all(ids.map(async (id) => ({ id, pdf: await manifestPdf(db, scope, id, t, renderer) })));
  if (files.length === 1) return { filename: `manifest_${files[0]!.id}.pdf`, contentType: 'application/pdf', body: files[0]!.pdf };
  const zip = zipSync(Object.fromEntries(files.map((f) => [`manifest_${f.id}.pdf`, [f.pdf, { level: 0 }]])));
  return { filename: `manifests_${ids[0]}-${ids[ids.length - 1]}.zip`, contentType: 'application/zip', body: zip };
}

function captions(t: Translate): ManifestCaptions {
  return {
    title: t(manifestCaptions.title),
    company: t(manifestCaptions.company),
    pickupAddress: t(manifestCaptions.pickupAddress),
    partner: t(manifestCaptions.partner),
    created: t(manifestCaptions.created),
    manifestId: t(manifestCaptions.id),
    columns: {
      index: t(manifestCaptions.columnIndex),
      itemNumber: t(manifestCaptions.columnItem),
      trackingNumber: t(manifestCaptions.columnTracking),
      recipient: t(manifestCaptions.columnRecipient),
      city: t(manifestCaptions.columnCity),
      country: t(manifestCaptions.columnCountry),
      weight: t(manifestCaptions.columnWeight),
      cod: t(manifestCaptions.columnCod),
    },
    totals: t(manifestCaptions.totals),
    parcels: t(manifestCaptions.parcels),
    weight: t(manifestCaptions.weight),
    codTotal: t(manifestCaptions.codTotal),
    shipperSignature: t(manifestCaptions.shipperSignature),
    driverSignature: t(manifestCaptions.driverSignature),
    signatureDate: t(manifestCaptions.signatureDate),
    page: t(manifestCaptions.page, { page: '{page}', pages: '{pages}' }),
  };
}

/** A manifest's PDF, drawn on the render pool; another company's manifest is not found. */
export async function manifestPdf(db: Db, scope: CompanyScope, id: string, t: Translate, renderer: DocumentRenderer): Promise<Uint8Array> {
  const [found] = await db
    .select({ manifest: manifests, company: companies, pickup: pickupAddresses })
    .from(manifests)
    .innerJoin(companies, eq(companies.id, manifests.companyId))
    .leftJoin(pickupAddresses, eq(pickupAddresses.id, manifests.pickupAddressId))
    .where(and(eq(manifests.id, id), scope.rows(manifests.companyId)));
  if (!found) throw new ApiError(404, 'not_found', documentActionMessages.manifestNotFound);
  const { manifest, company, pickup } = found;
  const [carrier] = await db.select({ name: companies.name }).from(companies).where(eq(companies.isCarrier, true)).limit(1);
  const rows = await db
    .select({
      itemNumber: shipments.itemNumber,
      trackingNumber: shipments.trackingNumber,
      recipientName: shipments.receiverName,
      city: shipments.receiverCity,
      country: shipments.receiverCountry,
      weightKg: shipments.weight,
      codAmount: shipments.codAmount,
    })
    .from(shipments)
    .where(eq(shipments.manifestId, id))
    .orderBy(asc(shipments.id));
  const companyAddress: PostalAddress = { name: company.name, street: company.street, postalCode: company.zip, city: company.city, country: company.country };
  const data: ManifestData = {
    id: manifest.id,
    carrierName: carrier?.name ?? '',
    company: { name: company.name, vatNumber: company.vatIdentificationNumber, address: companyAddress },
    pickupAddress: pickup
      ? { name: company.name, contact: pickup.contactPerson, street: pickup.street, postalCode: pickup.zip, city: pickup.city, country: pickup.country, phone: pickup.phone }
      : companyAddress,
    partnerName: manifest.partnerName,
    createdAt: manifest.createdAt,
    rows: rows.map((r) => ({
      itemNumber: r.itemNumber,
      trackingNumber: r.trackingNumber ?? r.itemNumber,
      recipientName: r.recipientName,
      city: r.city,
      country: r.country,
      weightKg: r.weightKg,
      cod: r.codAmount ? { amount: r.codAmount, currency: codCurrency(r.country) } : null,
    })),
  };
  return renderer.manifest(data, captions(t));
}

/** GET /api/v1/manifests: newest first, the company's (every company's with its name for admins). */
export async function listManifests(db: Db, scope: CompanyScope, page: { skip: number; take: number }): Promise<ManifestList> {
  const admin = scope.all;
  const where = scope.rows(manifests.companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ manifest: manifests, companyName: companies.name, street: pickupAddresses.street, city: pickupAddresses.city })
      .from(manifests)
      .innerJoin(companies, eq(companies.id, manifests.companyId))
      .leftJoin(pickupAddresses, eq(pickupAddresses.id, manifests.pickupAddressId))
      .where(where)
      .orderBy(desc(manifests.createdAt), desc(manifests.id))
      .limit(page.take)
      .offset(page.skip),
    db.select({ value: count() }).from(manifests).where(where),
  ]);
  const list: Manifest[] = rows.map(({ manifest, companyName, street, city }) => ({
    id: manifest.id,
    ...(admin ? { companyName } : {}),
    pickup_address_id: manifest.pickupAddressId,
    pickup_address: street ? `${street}, ${city}` : null,
    shipment_partner: manifest.partnerName,
    shipment_count: manifest.shipmentCount,
    created_at: manifest.createdAt.toISOString(),
  }));
  return { count: total?.value ?? 0, manifests: list };
}
