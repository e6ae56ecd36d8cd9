// The one guard for the server's own requests to addresses that users or admins give it (partners'
// pickup-point lists, companies' webhook endpoints): only public unicast addresses, checked on the
// address each connection actually uses (a name that resolves to 10.x or 127.x after any earlier
// check gets nowhere). Refused: private, loopback, link-local, unique-local, carrier-grade NAT,
// multicast, documentation (TEST-NET) and other reserved ranges, the IPv6 forms that carry such an
// IPv4 address (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96 and /48, 6to4, IPv4-compatible),
// Teredo, and every address of this host's own interfaces.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/** The IPv6 ranges whose last 32 bits (or, for 6to4, bits 16-48) are an IPv4 address the packet ends up at. */
const CARRIES_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4']);

function embeddedIpv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  const at = range === '6to4' ? 2 : 12;
  return new ipaddr.IPv4(bytes.slice(at, at + 4));
}

const publicIpv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

let ownAddresses: { at: number; set: Set<string> } | null = null;

/** This host's interface addresses (normalized), read again after a minute. */
function ownAddressSet(): Set<string> {
  if (ownAddresses && Date.now() - ownAddresses.at < 60_000) return ownAddresses.set;
  const set = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const text = canonical(entry.address);
      if (text !== null && ipaddr.isValid(text)) set.add(ipaddr.process(text).toNormalizedString());
    }
  }
  ownAddresses = { at: Date.now(), set };
  return set;
}

/**
 * The address as Node writes it (IPv6 through the URL parser: ipaddr.js reads `::8.8.8.8` as
 * `::ffff:8.8.8.8`, a different address), or null for anything that is not an IP address.
 */
function canonical(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  const family = isIP(text);
  if (family === 4) return text;
  if (family === 6) return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  return null;
}

/** True for any address a guarded request must not connect to (anything not a public unicast address, this host's own included). */
export function isForbiddenAddress(address: string): boolean {
  const text = canonical(address);
  if (text === null || !ipaddr.isValid(text)) return true;
  const parsed = ipaddr.parse(text);
  if (ownAddressSet().has(ipaddr.process(text).toNormalizedString())) return true;
  if (parsed.kind() === 'ipv4') return !publicIpv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  // ::/96 (IPv4-compatible, deprecated; :: and ::1 included): never a public destination.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return true;
  const range = v6.range();
  if (CARRIES_IPV4.has(range)) {
    const inner = embeddedIpv4(v6, range);
    return !publicIpv4(inner) || ownAddressSet().has(inner.toNormalizedString());
  }
  return range !== 'unicast';
}

/** What a refused connection fails with (its code names it in logs and delivery records). */
export class ForbiddenAddressError extends Error {
  readonly code = 'EPRIVATEHOST';
  constructor() {
    super('the address is not a public one');
  }
}

/** True when the URL names an IP literal that is forbidden (checked before connecting: Node skips the lookup for literals). */
export function literalHostForbidden(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && isForbiddenAddress(host);
}

/** dns.lookup that drops forbidden addresses, failing when none is left: give it to every guarded connection. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const allowed = addresses.filter((a) => !isForbiddenAddress(a.address));
    if (allowed.length === 0) return callback(new ForbiddenAddressError(), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
