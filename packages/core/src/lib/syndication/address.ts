import { isIP } from "node:net";

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

/**
 * An address as its bits, most significant first, in 16-bit groups (two for IPv4, eight for
 * IPv6). Parsed here rather than left to `net.BlockList`, whose treatment of IPv4-mapped
 * addresses has changed between Node versions: the classification must not depend on it.
 */
type Groups = readonly number[];

function ipv4Groups(ip: string): Groups {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split(".").map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

function ipv6Groups(ip: string): Groups | undefined {
  // The URL parser writes any valid IPv6 literal in one form: lowercase hex, "::" for the
  // longest run of zeros, a dotted IPv4 tail turned into two hex groups.
  let host: string;
  try {
    host = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(zeros).fill("0"), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

function inRange(address: Groups, network: Groups, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    const i = bit / 16;
    if (((address[i] ?? 0) & mask) !== ((network[i] ?? 0) & mask)) return false;
  }
  return true;
}

const IPV4_NETWORKS = IPV4_RANGES.map(([network, prefix]) => ({ groups: ipv4Groups(network), prefix }));
const IPV6_NETWORKS = IPV6_RANGES.map(([network, prefix]) => ({ groups: ipv6Groups(network)!, prefix }));

const isPrivateIpv4 = (groups: Groups) => IPV4_NETWORKS.some((n) => inRange(groups, n.groups, n.prefix));

/**
 * IPv6 prefixes that carry an IPv4 address, and where: the address they reach is that IPv4
 * address, so it is classified by the IPv4 table.
 */
const IPV4_EMBEDDINGS: ReadonlyArray<{ network: Groups; prefix: number; at: number }> = [
  { network: [0, 0, 0, 0, 0, 0xffff, 0, 0], prefix: 96, at: 6 }, // IPv4-mapped ::ffff:0:0/96
  { network: [0x64, 0xff9b, 0, 0, 0, 0, 0, 0], prefix: 96, at: 6 }, // NAT64 64:ff9b::/96
  { network: [0, 0, 0, 0, 0, 0, 0, 0], prefix: 96, at: 6 }, // IPv4-compatible ::/96 (deprecated)
  { network: [0x2002, 0, 0, 0, 0, 0, 0, 0], prefix: 16, at: 1 }, // 6to4 2002::/16
];

function embedded(groups: Groups): Groups | undefined {
  const found = IPV4_EMBEDDINGS.find((e) => inRange(groups, e.network, e.prefix));
  return found ? [groups[found.at]!, groups[found.at + 1]!] : undefined;
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, compatible, 6to4), dotted; else undefined. */
export function embeddedIpv4(ip: string): string | undefined {
  const groups = isIP(ip) === 6 ? ipv6Groups(ip) : undefined;
  const v4 = groups && embedded(groups);
  return v4 && [v4[0]! >> 8, v4[0]! & 0xff, v4[1]! >> 8, v4[1]! & 0xff].join(".");
}

/**
 * True when `ip` is an address a fetch of a user-supplied URL must not reach:
 * loopback, private, link-local, unique-local, CGNAT, unspecified, multicast, broadcast,
 * reserved, the cloud metadata addresses, and any IPv6 address carrying one of these IPv4
 * addresses (IPv4-mapped, NAT64, IPv4-compatible, 6to4) — a carried IPv4 address is judged
 * by the IPv4 table alone. Anything that is not an IP address counts as private, so a caller
 * that forgets to resolve a name fails closed.
 */
export function isPrivateAddress(ip: string): boolean {
  let address = ip.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone !== -1) address = address.slice(0, zone);
  const family = isIP(address);
  if (family === 4) return isPrivateIpv4(ipv4Groups(address));
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  if (IPV6_NETWORKS.some((n) => inRange(groups, n.groups, n.prefix))) return true;
  const v4 = embedded(groups);
  return v4 ? isPrivateIpv4(v4) : false;
}
