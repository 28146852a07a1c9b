import { describe, expect, it } from "vitest";
import { embeddedIpv4, isPrivateAddress } from "./address.ts";

describe("isPrivateAddress", () => {
  it.each([
    ["127.0.0.1", "IPv4 loopback"],
    ["127.255.0.9", "anywhere in 127/8"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12 (start)"],
    ["172.31.255.254", "private 172.16/12 (end)"],
    ["192.168.1.10", "private 192.168/16"],
    ["169.254.10.20", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["100.64.0.1", "CGNAT start"],
    ["100.127.255.254", "CGNAT end"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network 0/8"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.5", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "bracketed IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["febf::1", "end of fe80::/10"],
    ["fc00::1", "unique-local fc00::/7"],
    ["fd12:3456::1", "unique-local fd00::/8"],
    ["fd00:ec2::254", "AWS IPv6 metadata"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::a00:1", "NAT64 of 10.0.0.1"],
    ["2002:c0a8:101::", "6to4 of 192.168.1.1"],
    ["not-an-ip", "not an address (fails closed)"],
    ["", "empty"],
  ])("%s is private (%s)", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    ["8.8.8.8", "public IPv4"],
    ["1.1.1.1", "public IPv4"],
    ["93.184.216.34", "public IPv4"],
    ["172.32.0.1", "just past 172.16/12"],
    ["172.15.255.255", "just before 172.16/12"],
    ["100.128.0.1", "just past CGNAT"],
    ["169.255.0.1", "just past link-local"],
    ["192.169.0.1", "just past 192.168/16"],
    ["11.0.0.1", "just past 10/8"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2001:4860:4860::8888", "public IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
    ["64:ff9b::808:808", "NAT64 of a public address"],
    ["fec0::1", "deprecated site-local is refused too"],
  ])("%s classification (%s)", (ip, label) => {
    const expected = label.includes("refused");
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe("IPv6 addresses carrying an IPv4 address", () => {
  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::ffff:7f00:1", "127.0.0.1"],
    ["0:0:0:0:0:FFFF:0A00:0001", "10.0.0.1"],
    ["::ffff:8.8.8.8", "8.8.8.8"],
    ["64:ff9b::7f00:1", "127.0.0.1"],
    ["64:ff9b::169.254.169.254", "169.254.169.254"],
    ["2002:c0a8:101::1", "192.168.1.1"],
    ["2606:4700::1111", undefined],
    ["64:ff9b:1::a00:1", undefined],
    ["8.8.8.8", undefined],
  ])("%s carries %s", (ip, v4) => {
    expect(embeddedIpv4(ip)).toBe(v4);
  });

  it.each([
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:0:0",
    "::ffff:192.168.0.1",
    "::ffff:172.16.5.4",
    "::ffff:100.64.0.1",
    "::ffff:224.0.0.1",
    "::ffff:255.255.255.255",
    "[::ffff:a9fe:a9fe]",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b::c0a8:1",
    "64:ff9b::",
  ])("%s is private, by the IPv4 table", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "::ffff:1.1.1.1",
    "64:ff9b::8.8.8.8",
    "64:ff9b::101:101",
    "2606:4700::1111",
  ])("%s is public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});
