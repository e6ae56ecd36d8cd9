import { onlineManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PickupAddress } from '#shared/contract/pickup-addresses.ts';
import { isLabelPrinter, LABEL_PRINTERS, labelFormatFor, profileLabelPrinter, type LabelFormat, type LabelPrinter } from '#shared/domain/label-formats.ts';
import { profileQueryOptions } from '#web/lib/profile.ts';
import { useDeviceSetting } from '#web/lib/use-device-setting.ts';
import { pickupAddressesQueryOptions } from './api/get-pickup-addresses.ts';

// The printer this device prints labels on (issue 33). By default a device follows the printer
// profiles: the printer set for a shipment's pickup address, else the company's (set by the
// carrier), else the office printer (one label on an A6 page, several four per A4 sheet, as the
// spec prints them). A desk with a printer of its own chooses it here, remembered between visits.

/** The device's choice: follow the profiles, or always one printer. */
export type LabelPrinterChoice = 'profile' | LabelPrinter;
export const LABEL_PRINTER_CHOICES: readonly LabelPrinterChoice[] = ['profile', ...LABEL_PRINTERS];

/** localStorage: the chosen printer; absent while the device follows the profiles. */
export const LABEL_PRINTER_KEY = 'label-printer';

export interface LabelPrinting {
  choice: LabelPrinterChoice;
  setChoice(choice: LabelPrinterChoice): void;
  /** The printer labels of shipments from these pickup addresses print on (none known: the company's). */
  printerFor(pickupAddressIds: readonly (string | null)[]): LabelPrinter;
  /** The file a print of one label, or of several (one file), of shipments from these addresses asks for. */
  formatFor(labels: 'one' | 'many', pickupAddressIds: readonly (string | null)[]): LabelFormat;
  /** The same for a print about to be made: the profiles are read first if this page has not read them yet (online). */
  formatForPrint(labels: 'one' | 'many', pickupAddressIds: readonly (string | null)[]): Promise<LabelFormat>;
}

/**
 * The profiles as kept, read now when none are and the browser is online (a print should not wait
 * for the shell's read); once, without retries: a print waits for no backoff, and falls back to the
 * company's printer or the office printer when the read fails.
 */
async function knownProfiles(queryClient: QueryClient): Promise<{ addresses: PickupAddress[] | undefined; company: LabelPrinter | null }> {
  const known = <T>(kept: T | undefined, read: () => Promise<T>): Promise<T | undefined> =>
    kept !== undefined || !onlineManager.isOnline() ? Promise.resolve(kept) : read().catch(() => undefined);
  const [addresses, profile] = await Promise.all([
    known(queryClient.getQueryData(pickupAddressesQueryOptions().queryKey), () => queryClient.fetchQuery({ ...pickupAddressesQueryOptions(), retry: false })),
    known(queryClient.getQueryData(profileQueryOptions().queryKey), () => queryClient.fetchQuery({ ...profileQueryOptions(), retry: false })),
  ]);
  return { addresses, company: profile?.company.label_printer ?? null };
}

function resolvePrinter(
  choice: LabelPrinterChoice,
  addresses: readonly PickupAddress[] | undefined,
  company: LabelPrinter | null,
  pickupAddressIds: readonly (string | null)[],
): LabelPrinter {
  if (choice !== 'profile') return choice;
  const own = [...new Set(pickupAddressIds)].map((id) => addresses?.find((address) => address.id === id)?.labelPrinter ?? null);
  return profileLabelPrinter(own, company);
}

/**
 * The device's choice with the profiles it follows: the caller's pickup addresses and its
 * company's printer, as last read (the shell reads both; they are kept for offline use). Until
 * they are read, and for an address the list does not hold, the company's printer or the office
 * printer stands in; a print reads them first (formatForPrint).
 */
export function useLabelPrinting(): LabelPrinting {
  // One stored choice for every part of the page that prints (and other tabs): the toolbar's change is the rows' too.
  const [stored, store] = useDeviceSetting(LABEL_PRINTER_KEY);
  const choice: LabelPrinterChoice = isLabelPrinter(stored) ? stored : 'profile';
  const setChoice = useCallback((next: LabelPrinterChoice) => store(next === 'profile' ? null : next), [store]);
  // Read from the cache only: the shell fetches both once it has shown (routes/_app.tsx).
  const addresses = useQuery({ ...pickupAddressesQueryOptions(), enabled: false }).data;
  const company = useQuery({ ...profileQueryOptions(), enabled: false }).data?.company.label_printer ?? null;
  const queryClient = useQueryClient();

  const printerFor = useCallback((pickupAddressIds: readonly (string | null)[]) => resolvePrinter(choice, addresses, company, pickupAddressIds), [choice, addresses, company]);
  const formatFor = useCallback((labels: 'one' | 'many', pickupAddressIds: readonly (string | null)[]) => labelFormatFor(printerFor(pickupAddressIds), labels), [printerFor]);
  const formatForPrint = useCallback(
    async (labels: 'one' | 'many', pickupAddressIds: readonly (string | null)[]) => {
      if (choice !== 'profile') return labelFormatFor(choice, labels);
      const known = await knownProfiles(queryClient);
      return labelFormatFor(resolvePrinter(choice, known.addresses, known.company, pickupAddressIds), labels);
    },
    [choice, queryClient],
  );
  return { choice, setChoice, printerFor, formatFor, formatForPrint };
}
