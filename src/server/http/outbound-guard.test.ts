// @vitest-environment node
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, literalHostForbidden } from './outbound-guard.ts';

describe('isForbiddenAddress', () => {
  it('refuses private, loopback, link-local, unique-local, reserved and documentation addresses', () => {
    for (const address of [
      '0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.1', '127.8.9.1', '169.254.169.254', '172.20.0.1', '192.0.0.8', '192.168.1.1',
      '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '224.0.0.1', '240.0.0.1', '255.255.255.255',
      '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1', 'fec0::1',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });

  it('refuses IPv6 forms that carry a non-public IPv4 address (mapped, translated, NAT64, 6to4, IPv4-compatible) and Teredo', () => {
    for (const address of [
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:7f00:1', '::ffff:0:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1',
      '64:ff9b:1::7f00:1', '2002:7f00:1::1', '2002:c0a8:101::1', '::7f00:1', '::10.0.0.1', '::8.8.8.8', '2001:0:4136:e378::1',
      '[::1]',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });

  it('lets public unicast addresses through, in their IPv6 forms too', () => {
    for (const address of ['1.1.1.1', '147.175.1.1', '8.8.8.8', '2a00:1450:4001:80b::200e', '::ffff:1.1.1.1', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("refuses this host's own addresses and anything that is not an address", () => {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) expect(isForbiddenAddress(entry.address), entry.address).toBe(true);
    }
    for (const text of ['', 'localhost', 'example.com', '1.2.3', '0x7f000001']) expect(isForbiddenAddress(text), text).toBe(true);
  });

  it('checks IP literals in URLs (the WHATWG parser normalizes odd IPv4 spellings first)', () => {
    expect(literalHostForbidden(new URL('https://0x7f.1/hook'))).toBe(true);
    expect(literalHostForbidden(new URL('https://[::ffff:0:7f00:1]/hook'))).toBe(true);
    expect(literalHostForbidden(new URL('https://2130706433/hook'))).toBe(true);
    expect(literalHostForbidden(new URL('https://1.1.1.1/hook'))).toBe(false);
    expect(literalHostForbidden(new URL('https://hooks.example.com/hook'))).toBe(false);
  });
});
