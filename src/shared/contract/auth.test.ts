import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages } from '../i18n/messages.ts';
import { credentialsSchema, storedTokenSchema, tokenRequestSchema } from './auth.ts';
import { installZodMessageIds } from './zod-messages.ts';

const clientInfo = { id: 'client-1', name: 'Demo User', role: 'USER', products: { SK: ['PRM', 'TRC'] } };

/** The messages of the issues on one field. */
function messagesFor(result: { success: boolean; error?: z.core.$ZodError }, field: string): string[] {
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('credentialsSchema', () => {
  it('trims client_id', () => {
    const result = credentialsSchema.safeParse({ client_id: '  demo-user\t', client_secret: 'demo-user-secret' });

    expect(result.success && result.data.client_id).toBe('demo-user');
  });

  it('keeps client_secret as typed', () => {
    const result = credentialsSchema.safeParse({ client_id: 'demo-user', client_secret: ' secret ' });

    expect(result.success && result.data.client_secret).toBe(' secret ');
  });

  it('rejects an empty client_id with validation.client_id.required', () => {
    const result = credentialsSchema.safeParse({ client_id: '', client_secret: 'demo-user-secret' });

    expect(result.success).toBe(false);
    expect(messagesFor(result, 'client_id')).toEqual([messages.clientIdRequired.id]);
  });

  it('rejects a client_id of spaces only (empty after trimming) with validation.client_id.required', () => {
    const result = credentialsSchema.safeParse({ client_id: '   ', client_secret: 'demo-user-secret' });

    expect(messagesFor(result, 'client_id')).toEqual([messages.clientIdRequired.id]);
  });

  it('rejects an empty client_secret with validation.client_secret.required', () => {
    const result = credentialsSchema.safeParse({ client_id: 'demo-user', client_secret: '' });

    expect(result.success).toBe(false);
    expect(messagesFor(result, 'client_secret')).toEqual([messages.clientSecretRequired.id]);
  });

  describe('with the zod message ids installed', () => {
    afterEach(() => {
      z.config({ customError: undefined });
    });

    it('keeps its own message ids for empty fields', () => {
      installZodMessageIds();

      const result = credentialsSchema.safeParse({ client_id: '', client_secret: '' });

      expect(messagesFor(result, 'client_id')).toEqual([messages.clientIdRequired.id]);
      expect(messagesFor(result, 'client_secret')).toEqual([messages.clientSecretRequired.id]);
    });

    it('reports a missing field with validation.required', () => {
      installZodMessageIds();

      const result = credentialsSchema.safeParse({ client_id: 'demo-user' });

      expect(messagesFor(result, 'client_secret')).toEqual([messages.required.id]);
    });
  });
});

describe('tokenRequestSchema', () => {
  it('accepts the client_credentials grant', () => {
    const result = tokenRequestSchema.safeParse({
      grant_type: 'client_credentials',
      client_id: ' demo-user ',
      client_secret: 'demo-user-secret',
    });

    expect(result.success && result.data).toEqual({
      grant_type: 'client_credentials',
      client_id: 'demo-user',
      client_secret: 'demo-user-secret',
    });
  });

  it('accepts the refresh_token grant', () => {
    expect(tokenRequestSchema.safeParse({ grant_type: 'refresh_token' }).success).toBe(true);
  });

  it('rejects an unknown grant_type', () => {
    const result = tokenRequestSchema.safeParse({ grant_type: 'password', client_id: 'demo-user', client_secret: 'x' });

    expect(result.success).toBe(false);
  });

  it('rejects a client_credentials grant without client_secret', () => {
    expect(tokenRequestSchema.safeParse({ grant_type: 'client_credentials', client_id: 'demo-user' }).success).toBe(false);
  });
});

describe('storedTokenSchema', () => {
  it('accepts {value, data, expiry}', () => {
    expect(storedTokenSchema.safeParse({ value: 'access-1', data: clientInfo, expiry: 1_800_000_000_000 }).success).toBe(true);
  });

  it('rejects a record without expiry', () => {
    expect(storedTokenSchema.safeParse({ value: 'access-1', data: clientInfo }).success).toBe(false);
  });

  it('rejects a record whose data has an unknown role', () => {
    const result = storedTokenSchema.safeParse({ value: 'access-1', data: { ...clientInfo, role: 'ROOT' }, expiry: 1 });

    expect(result.success).toBe(false);
  });
});
