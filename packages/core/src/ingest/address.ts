import { BlockList, isIP } from "node:net";

/**
 * Address ranges a feed fetch must never reach unless private feeds are allowed:
 * loopback, private networks, link-local (including the cloud metadata endpoints),
 * carrier-grade NAT, unspecified, multicast, broadcast and reserved space.
 */
const IPV4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, includes 169.254.169.254 (instance metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes the broadcast 255.255.255.255
];

const IPV6_RANGES: ReadonlyArray<readonly [string, number]> = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use IPv4/IPv6 translation
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (includes Teredo)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local, includes fd00:ec2::254 (instance metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
];

/** IPv6 prefixes that embed an IPv4 address right after the prefix bits. */
const IPV4_EMBEDDING_PREFIXES: ReadonlyArray<{ prefix: (hex: [string, string]) => string; bits: number }> = [
  { prefix: ([hi, lo]) => `::ffff:${hi}:${lo}`, bits: 96 }, // IPv4-mapped
  { prefix: ([hi, lo]) => `::${hi}:${lo}`, bits: 96 }, // IPv4-compatible (deprecated)
  { prefix: ([hi, lo]) => `64:ff9b::${hi}:${lo}`, bits: 96 }, // NAT64
  { prefix: ([hi, lo]) => `2002:${hi}:${lo}::`, bits: 16 }, // 6to4
];

function ipv4ToHexGroups(ip: string): [string, string] {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

const blocked = new BlockList();
for (const [network, prefix] of IPV4_RANGES) {
  blocked.addSubnet(network, prefix, "ipv4");
  for (const embedding of IPV4_EMBEDDING_PREFIXES) {
    blocked.addSubnet(embedding.prefix(ipv4ToHexGroups(network)), embedding.bits + prefix, "ipv6");
  }
}
for (const [network, prefix] of IPV6_RANGES) blocked.addSubnet(network, prefix, "ipv6");

/**
 * True when `ip` is an address a fetch of a user-supplied URL must not reach:
 * loopback, private, link-local, unique-local, CGNAT, unspecified, multicast, broadcast,
 * reserved, the cloud metadata addresses, and any of these wrapped in IPv6
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Anything that is not an IP address
 * counts as private, so a caller that forgets to resolve a name fails closed.
 */
export function isPrivateAddress(ip: string): boolean {
  let address = ip.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone !== -1) address = address.slice(0, zone);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  return true;
}
