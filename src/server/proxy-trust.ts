import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Addresses a reverse proxy of the school's own has: this machine, or a private network. */
const NEARBY = new BlockList();
NEARBY.addSubnet('127.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('10.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('172.16.0.0', 12, 'ipv4');
NEARBY.addSubnet('192.168.0.0', 16, 'ipv4');
NEARBY.addSubnet('169.254.0.0', 16, 'ipv4');
NEARBY.addAddress('::1', 'ipv6');
NEARBY.addSubnet('fc00::', 7, 'ipv6');
NEARBY.addSubnet('fe80::', 10, 'ipv6');

export function isNearbyAddress(address: string | undefined): boolean {
  // A socket the client already closed has no address any more: nothing to trust.
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return NEARBY.check(v4, 'ipv4');
  return isIPv6(address) && NEARBY.check(address, 'ipv6');
}

/**
 * Fastify's trustProxy from TRUST_PROXY (env.ts): a list of addresses goes to Fastify as it is; a
 * number N trusts N hops, counted from the connection inwards, and only when the connection comes
 * from this machine or a private network, so a client that reaches the server directly cannot
 * choose its own address by sending X-Forwarded-For. (Fastify 5 itself reads a bare number as
 * "trust nothing".)
 */
export function trustProxyOption(
  setting: number | string | false | undefined,
): string | false | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if (typeof setting === 'string') return setting;
  // proxy-addr asks hop 0 (the connection) first and stops at the first untrusted hop.
  return (address, hop) => (hop === 0 ? isNearbyAddress(address) : hop < setting);
}
