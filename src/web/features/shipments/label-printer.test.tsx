import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '#web/lib/profile.ts';
import { pickupAddress, profile } from '#tests/setup/web/account-fixtures.ts';
import { pickupAddressesQueryOptions } from './api/get-pickup-addresses.ts';
import { LABEL_PRINTER_KEY, useLabelPrinting } from './label-printer.ts';

const ZEBRA = 'b1000000-0000-4000-8000-000000000001';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function printing(queries = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queries}>{children}</QueryClientProvider>;
  return renderHook(() => useLabelPrinting(), { wrapper }).result;
}

describe('useLabelPrinting', () => {
  it('follows the profiles by default: the address’s printer for its shipments, the company’s for the rest', async () => {
    const queries = new QueryClient();
    queries.setQueryData(pickupAddressesQueryOptions().queryKey, [pickupAddress(ZEBRA, { labelPrinter: 'zpl-203' })]);
    queries.setQueryData(profileQueryOptions().queryKey, profile({ label_printer: 'pdf-100x150' }));
    const result = printing(queries);
    expect(result.current.choice).toBe('profile');
    expect(result.current.formatFor('one', [ZEBRA])).toBe('zpl-203');
    await expect(result.current.formatForPrint('many', [])).resolves.toBe('pdf-100x150');
  });

  it('prints on the device’s own printer once one is chosen, remembered on the device', async () => {
    const result = printing();
    act(() => result.current.setChoice('zpl-300'));
    expect(localStorage.getItem(LABEL_PRINTER_KEY)).toBe('zpl-300');
    expect(result.current.choice).toBe('zpl-300');
    await expect(result.current.formatForPrint('one', [ZEBRA])).resolves.toBe('zpl-300');
    act(() => result.current.setChoice('profile'));
    expect(localStorage.getItem(LABEL_PRINTER_KEY)).toBeNull();
  });

  it('prints at once on the office printer when the profiles were never read and cannot be (no retries)', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = printing(new QueryClient());
    await expect(result.current.formatForPrint('one', [ZEBRA])).resolves.toBe('pdf-a6');
    await expect(result.current.formatForPrint('many', [ZEBRA])).resolves.toBe('pdf-a4');
  });
});
