import { describe, expect, it } from "vitest";
import { isForbiddenAddress, isLoopbackAddress, parseHostLiteral } from "@/lib/infra/delivery/address-classifier";

const FORBIDDEN: Array<[string, string]> = [
  ["127.0.0.1", "IPv4 loopback"],
  ["127.255.255.254", "IPv4 loopback, end of /8"],
  ["::1", "IPv6 loopback"],
  ["10.0.0.1", "private 10/8"],
  ["10.255.255.255", "private 10/8, end"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.255", "private 172.16/12, end"],
  ["192.168.1.1", "private 192.168/16"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["fe80::1", "IPv6 link-local"],
  ["fe80::1%eth0", "IPv6 link-local with zone"],
  ["100.64.0.1", "CGNAT 100.64/10"],
  ["100.127.255.255", "CGNAT, end"],
  ["224.0.0.1", "IPv4 multicast"],
  ["239.255.255.250", "IPv4 multicast (SSDP)"],
  ["ff02::1", "IPv6 multicast"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "0.0.0.0/8"],
  ["::", "IPv6 unspecified"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved 240/4"],
  ["192.0.0.8", "IETF protocol assignments 192.0.0/24"],
  ["fc00::1", "unique-local fc00::/7"],
  ["fd12:3456:789a::1", "unique-local fd00::/8"],
  ["::ffff:a9fe:a9fe", "IPv4-mapped link-local"],
  ["::ffff:169.254.169.254", "IPv4-mapped link-local, dotted"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:0:a00:1", "IPv4-translated private"],
  ["64:ff9b::a9fe:a9fe", "NAT64 of link-local"],
  ["64:ff9b::10.0.0.1", "NAT64 of private"],
  ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
  ["64:ff9b:1::808:808", "NAT64 local-use prefix"],
  ["2002:a9fe:a9fe::1", "6to4 of link-local"],
  ["2002:7f00:1::", "6to4 of loopback"],
  ["2002:808:808::1", "6to4 of a public address (6to4 is refused as a whole)"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["192.0.2.1", "documentation TEST-NET-1"],
  ["198.51.100.7", "documentation TEST-NET-2"],
  ["203.0.113.9", "documentation TEST-NET-3"],
  ["2001:db8::1", "IPv6 documentation"],
  ["3fff::1", "IPv6 documentation 3fff::/20"],
  ["198.18.0.1", "benchmarking 198.18/15"],
  ["198.19.255.255", "benchmarking, end"],
  ["2001:2::1", "IPv6 benchmarking"],
  ["100::1", "IPv6 discard"],
  ["::7f00:1", "old IPv4-compatible form of loopback"],
  ["::808:808", "old IPv4-compatible form"],
  ["4000::1", "IPv6 outside 2000::/3"],
  ["", "empty"],
  ["localhost", "a name, not an address"],
  ["not-an-ip", "garbage"],
  ["1.2.3.4.5", "too many parts"],
  ["256.1.1.1", "out of range"],
];

const ALLOWED: Array<[string, string]> = [
  ["8.8.8.8", "public IPv4"],
  ["1.1.1.1", "public IPv4"],
  ["93.184.215.14", "public IPv4"],
  ["172.15.255.255", "just below 172.16/12"],
  ["172.32.0.1", "just above 172.16/12"],
  ["100.63.255.255", "just below CGNAT"],
  ["100.128.0.1", "just above CGNAT"],
  ["198.17.255.255", "just below benchmarking"],
  ["198.20.0.1", "just above benchmarking"],
  ["11.0.0.1", "just above 10/8"],
  ["2606:4700:4700::1111", "public IPv6"],
  ["2001:4860:4860::8888", "public IPv6"],
  ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ["64:ff9b::808:808", "NAT64 of a public address"],
];

describe("isForbiddenAddress", () => {
  it.each(FORBIDDEN)("refuses %s (%s)", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(ALLOWED)("allows %s (%s)", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
    expect(isForbiddenAddress(ip, { allowLoopback: true })).toBe(false);
  });

  it("with allowLoopback, lets loopback through and nothing else", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(isForbiddenAddress(ip, { allowLoopback: true })).toBe(false);
    }
    const stillForbidden = FORBIDDEN.map(([ip]) => ip).filter(
      (ip) => !["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1"].includes(ip),
    );
    for (const ip of stillForbidden) {
      expect(isForbiddenAddress(ip, { allowLoopback: true }), ip).toBe(true);
    }
  });

  it("classifies the odd IPv4 spellings by what they mean", () => {
    for (const ip of ["2130706433", "0177.0.0.1", "0x7f.0.0.1", "0x7f000001", "127.1", "017700000001", "127.0.0.1."]) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
      expect(isLoopbackAddress(ip), ip).toBe(true);
    }
    expect(isForbiddenAddress("0xa9.0xfe.0xa9.0xfe")).toBe(true);
    expect(isForbiddenAddress("134744072")).toBe(false); // 8.8.8.8
  });
});

describe("isLoopbackAddress", () => {
  it("is true for 127/8, ::1 and mapped loopback only", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("127.9.9.9")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("[::1]")).toBe(true);
    expect(isLoopbackAddress("::ffff:7f00:1")).toBe(true);
    expect(isLoopbackAddress("64:ff9b::7f00:1")).toBe(false);
    expect(isLoopbackAddress("10.0.0.1")).toBe(false);
    expect(isLoopbackAddress("0.0.0.0")).toBe(false);
    expect(isLoopbackAddress("localhost")).toBe(false);
  });
});

describe("parseHostLiteral", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["2130706433", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.0.0.1", "127.0.0.1"],
    ["0x7F.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["10.1.2", "10.1.0.2"],
    ["127.0.0.1.", "127.0.0.1"],
    ["::1", "::1"],
    ["[::1]", "::1"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
  ])("reads %s as %s", (host, expected) => {
    expect(parseHostLiteral(host)).toBe(expected);
  });

  it.each([
    "example.com",
    "localhost",
    "abc.def",
    "cafe.1",
    "08.0.0.1",
    "1.2.3.4.5",
    "4294967296",
    "[127.0.0.1]",
    "",
    "a@127.0.0.1",
    "127.0.0.1/x",
  ])("does not read %j as an address", (host) => {
    expect(parseHostLiteral(host)).toBeNull();
  });

  it("agrees with the URL parser, which already normalises http(s) hosts", () => {
    expect(new URL("https://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("https://0177.0.0.1/").hostname).toBe("127.0.0.1");
    expect(new URL("https://0x7f.1/").hostname).toBe("127.0.0.1");
    expect(new URL("https://127.1/").hostname).toBe("127.0.0.1");
    expect(new URL("https://[::ffff:a9fe:a9fe]/").hostname).toBe("[::ffff:a9fe:a9fe]");

    const host = new URL("https://2130706433/").hostname;
    expect(parseHostLiteral(host)).toBe("127.0.0.1");
    expect(isForbiddenAddress(host)).toBe(true);
    expect(isForbiddenAddress(new URL("https://[::ffff:a9fe:a9fe]/").hostname)).toBe(true);
  });
});
