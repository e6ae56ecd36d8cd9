import { describe, expect, it } from 'vitest';
import { basicCredentials } from './client-authentication.ts';

const basic = (userPass: string) => `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}`;

describe('basicCredentials', () => {
  it('reads the client_id and secret of an HTTP Basic header', () => {
    expect(basicCredentials(basic('demo-user:demo-user-secret'))).toEqual({ kind: 'basic', clientId: 'demo-user', secret: 'demo-user-secret' });
  });

  it('form-urlencoded decodes both (RFC 6749 section 2.3.1): %-escapes and + for a space', () => {
    expect(basicCredentials(basic('acme%3Aeu:p%C3%A1ss+w%2Bord%25%3A'))).toEqual({ kind: 'basic', clientId: 'acme:eu', secret: 'páss w+ord%:' });
  });

  it('takes the first colon as the separator, so an unencoded colon stays in the secret', () => {
    expect(basicCredentials(basic('demo-user:a:b'))).toEqual({ kind: 'basic', clientId: 'demo-user', secret: 'a:b' });
  });

  it('reads the scheme in any case, with extra spaces, and base64 without padding', () => {
    const encoded = Buffer.from('demo-user:x').toString('base64');
    expect(encoded.endsWith('=')).toBe(true);
    expect(basicCredentials(`bASIC   ${encoded} `)).toMatchObject({ kind: 'basic', clientId: 'demo-user', secret: 'x' });
    expect(basicCredentials(`Basic ${encoded.replace(/=+$/, '')}`)).toMatchObject({ kind: 'basic', clientId: 'demo-user', secret: 'x' });
  });

  it('passes empty parts on to the checks of the fields', () => {
    expect(basicCredentials(basic(':'))).toEqual({ kind: 'basic', clientId: '', secret: '' });
    expect(basicCredentials(basic('demo-user:'))).toEqual({ kind: 'basic', clientId: 'demo-user', secret: '' });
  });

  it('ignores no header and other schemes', () => {
    expect(basicCredentials(undefined)).toEqual({ kind: 'none' });
    expect(basicCredentials('Bearer abc.def.ghi')).toEqual({ kind: 'none' });
    expect(basicCredentials('Basically abc')).toEqual({ kind: 'none' });
    expect(basicCredentials('')).toEqual({ kind: 'none' });
  });

  it.each([
    ['no credentials', 'Basic'],
    ['only spaces after the scheme', 'Basic    '],
    ['two tokens', `${basic('a:b')} ${Buffer.from('c:d').toString('base64')}`],
    ['not base64', 'Basic not*base64!'],
    ['base64 of a wrong length', 'Basic YWJjZ'],
    ['padding in the middle', 'Basic YQ==YWI6Yw=='],
    ['no colon', basic('demo-user')],
    ['bytes that are not UTF-8', `Basic ${Buffer.from([0x61, 0x3a, 0xff, 0xfe]).toString('base64')}`],
    ['a broken %-escape', basic('demo%zzuser:secret')],
    ['an escaped lone surrogate', basic('demo-user:%ED%A0%80')],
    ['an escaped NUL', basic('demo-user%00:secret')],
    ['a raw control character', basic('demo-user:sec\nret')],
  ])('calls %s malformed', (_name, header) => {
    expect(basicCredentials(header)).toEqual({ kind: 'malformed' });
  });
});
