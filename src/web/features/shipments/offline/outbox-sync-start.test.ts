import { describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { outboxSyncStart } from './outbox-sync-start.ts';

const engine = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn(), syncNow: vi.fn(), paused: false }));
const createSyncEngine = vi.hoisted(() => vi.fn(() => engine));
vi.mock('./outbox-sync.ts', () => ({ createSyncEngine }));

describe('outboxSyncStart', () => {
  it('wants every signed-in client (everyone may use the wizard)', () => {
    for (const role of ['USER', 'ADMIN', 'OFFICER', 'REPORTER'] as const) {
      const client: ClientInfo = { id: `client-${role}`, name: role, role, products: {} };
      expect(outboxSyncStart.wanted(client)).toBe(true);
    }
  });

  it('loads the outbox sync engine when started', async () => {
    expect(await outboxSyncStart.load()).toBe(engine);
    expect(createSyncEngine).toHaveBeenCalledTimes(1);
  });
});
