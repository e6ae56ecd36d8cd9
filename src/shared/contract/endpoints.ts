// The endpoint table: every call of the API in one list, for the server's route registration
// check and the tests that walk every route (authorization matrix, bad input). Each endpoint is
// defined beside its schemas; the web app imports them one by one, never this table (bundles).
import {
  networkPartnersEndpoint,
  partnerKeyCreateEndpoint,
  partnerKeyRevokeEndpoint,
  partnerKeysEndpoint,
  partnerServicesEndpoint,
  partnerServicesUpdateEndpoint,
} from './admin-network.ts';
import { pointDirectoryImportEndpoint, pointDirectoryImportsEndpoint } from './admin-pickup-points.ts';
import { auditLogEndpoint } from './admin-audit.ts';
import { setupStatusEndpoint } from './admin-setup.ts';
import { pointFeedDeleteEndpoint, pointFeedRunEndpoint, pointFeedsEndpoint, pointFeedUpdateEndpoint } from './admin-point-feeds.ts';
import { clientRegisterEndpoint, clientResetSecretEndpoint, clientUpdateEndpoint } from './admin-clients.ts';
import {
  bankAccountDeleteEndpoint,
  bankAccountSaveEndpoint,
  companyLabelPrinterEndpoint,
  bankAccountUpdateEndpoint,
  companyCreateEndpoint,
  companyDeleteEndpoint,
  companyDetailEndpoint,
  companyHistoryEndpoint,
  companyListEndpoint,
  companyProductAddEndpoint,
  companyProductRemoveEndpoint,
  companyUpdateEndpoint,
} from './admin-companies.ts';
import {
  partnerAssignEndpoint,
  partnerCandidatesEndpoint,
  partnerPriorityEndpoint,
  partnerUnassignEndpoint,
  pickupAddressDeleteEndpoint,
  pickupAddressSaveEndpoint,
} from './admin-pickup-addresses.ts';
import { appConfigEndpoint } from './app-config.ts';
import { revokeEndpoint, tokenEndpoint } from './auth.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { importListEndpoint, importPreviewEndpoint, importResultEndpoint, importStartEndpoint } from './imports.ts';
import { bulkLabelsEndpoint, singleLabelEndpoint } from './labels.ts';
import { manifestDownloadEndpoint, manifestGenerateEndpoint, manifestListEndpoint } from './manifests.ts';
import { parcelStatusExportEndpoint, parcelStatusUpdateEndpoint } from './parcel-status.ts';
import { myPickupAddressesEndpoint, pickupAddressLabelPrinterEndpoint } from './pickup-addresses.ts';
import { pickupPointEndpoint, pickupPointSearchEndpoint } from './pickup-points.ts';
import { changeSecretEndpoint, profileEndpoint, profileUpdateEndpoint } from './profile.ts';
import { reportEndpoint } from './reports.ts';
import { wizardStoreEndpoint } from './shipments-wizard.ts';
import { dimensionsEndpoint, shipmentBulkDeleteEndpoint, shipmentDeleteEndpoint, shipmentDetailEndpoint, shipmentListEndpoint, shipmentStoreEndpoint } from './shipments.ts';
import { partnerEventsEndpoint } from './partner-events.ts';
import { partnerListEndpoint, partnerUpdateEndpoint, publicTrackingEndpoint, trackEndpoint } from './tracking.ts';
import {
  webhookCreateEndpoint,
  webhookDeleteEndpoint,
  webhookDeliveriesEndpoint,
  webhookListEndpoint,
  webhookResendEndpoint,
  webhookRotateSecretEndpoint,
  webhookTestEndpoint,
} from './webhooks.ts';

export const ENDPOINTS = {
  token: tokenEndpoint,
  revoke: revokeEndpoint,
  appConfig: appConfigEndpoint,
  profile: profileEndpoint,
  profileUpdate: profileUpdateEndpoint,
  changeSecret: changeSecretEndpoint,
  myPickupAddresses: myPickupAddressesEndpoint,
  pickupAddressLabelPrinter: pickupAddressLabelPrinterEndpoint,
  shipmentStore: shipmentStoreEndpoint,
  wizardStore: wizardStoreEndpoint,
  shipmentList: shipmentListEndpoint,
  dimensions: dimensionsEndpoint,
  shipmentDetail: shipmentDetailEndpoint,
  shipmentDelete: shipmentDeleteEndpoint,
  shipmentBulkDelete: shipmentBulkDeleteEndpoint,
  singleLabel: singleLabelEndpoint,
  bulkLabels: bulkLabelsEndpoint,
  manifestGenerate: manifestGenerateEndpoint,
  manifestList: manifestListEndpoint,
  manifestDownload: manifestDownloadEndpoint,
  pickupPointSearch: pickupPointSearchEndpoint,
  pickupPoint: pickupPointEndpoint,
  importPreview: importPreviewEndpoint,
  importStart: importStartEndpoint,
  importList: importListEndpoint,
  importResult: importResultEndpoint,
  track: trackEndpoint,
  publicTracking: publicTrackingEndpoint,
  partnerEvents: partnerEventsEndpoint,
  partnerList: partnerListEndpoint,
  partnerUpdate: partnerUpdateEndpoint,
  parcelStatusUpdate: parcelStatusUpdateEndpoint,
  parcelStatusExport: parcelStatusExportEndpoint,
  shipmentReport: reportEndpoint,
  companyList: companyListEndpoint,
  companyCreate: companyCreateEndpoint,
  companyDetail: companyDetailEndpoint,
  companyUpdate: companyUpdateEndpoint,
  companyDelete: companyDeleteEndpoint,
  companyProductAdd: companyProductAddEndpoint,
  companyProductRemove: companyProductRemoveEndpoint,
  companyLabelPrinter: companyLabelPrinterEndpoint,
  bankAccountSave: bankAccountSaveEndpoint,
  bankAccountUpdate: bankAccountUpdateEndpoint,
  bankAccountDelete: bankAccountDeleteEndpoint,
  companyHistory: companyHistoryEndpoint,
  auditLog: auditLogEndpoint,
  setupStatus: setupStatusEndpoint,
  pickupAddressSave: pickupAddressSaveEndpoint,
  pickupAddressDelete: pickupAddressDeleteEndpoint,
  partnerAssign: partnerAssignEndpoint,
  partnerUnassign: partnerUnassignEndpoint,
  partnerCandidates: partnerCandidatesEndpoint,
  partnerPriority: partnerPriorityEndpoint,
  clientRegister: clientRegisterEndpoint,
  clientUpdate: clientUpdateEndpoint,
  clientResetSecret: clientResetSecretEndpoint,
  networkPartners: networkPartnersEndpoint,
  partnerServices: partnerServicesEndpoint,
  partnerServicesUpdate: partnerServicesUpdateEndpoint,
  partnerKeys: partnerKeysEndpoint,
  partnerKeyCreate: partnerKeyCreateEndpoint,
  partnerKeyRevoke: partnerKeyRevokeEndpoint,
  pointDirectoryImport: pointDirectoryImportEndpoint,
  pointDirectoryImports: pointDirectoryImportsEndpoint,
  pointFeeds: pointFeedsEndpoint,
  pointFeedUpdate: pointFeedUpdateEndpoint,
  pointFeedDelete: pointFeedDeleteEndpoint,
  pointFeedRun: pointFeedRunEndpoint,
  webhookCreate: webhookCreateEndpoint,
  webhookList: webhookListEndpoint,
  webhookDelete: webhookDeleteEndpoint,
  webhookTest: webhookTestEndpoint,
  webhookDeliveries: webhookDeliveriesEndpoint,
  webhookRotateSecret: webhookRotateSecretEndpoint,
  webhookResend: webhookResendEndpoint,
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;
