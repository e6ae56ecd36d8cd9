import { describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { scanSyncStart } from './scan-sync-start.ts';

const scanEngine = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false }));
const createScanSyncEngine = vi.hoisted(() => vi.fn(() => scanEngine));
vi.mock('./scan-sync.ts', () => ({ createScanSyncEngine }));

const client = (role: ClientInfo['role']): ClientInfo => ({ id: `client-${role}`, name: role, role, products: {} });

describe('scanSyncStart', () => {
  it('wants only admins (only they scan)', () => {
    expect(scanSyncStart.wanted(client('ADMIN'))).toBe(true);
    for (const role of ['USER', 'OFFICER', 'REPORTER'] as const) expect(scanSyncStart.wanted(client(role))).toBe(false);
  });

  it('loads the scan sync engine when started', async () => {
    expect(await scanSyncStart.load()).toBe(scanEngine);
    expect(createScanSyncEngine).toHaveBeenCalledTimes(1);
  });
});
