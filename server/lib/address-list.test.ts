import { describe, expect, it } from "vitest";
import { addressMatcher, parseAddressList, parseAddressRange } from "./address-list.ts";

describe("address ranges", () => {
  it("reads CIDRs and single addresses, and nothing else", () => {
    expect(parseAddressRange("10.0.0.0/8")).toEqual({ address: "10.0.0.0", prefix: 8, family: "ipv4" });
    expect(parseAddressRange(" ::1 ")).toEqual({ address: "::1", prefix: 128, family: "ipv6" });
    expect(parseAddressRange("2001:db8::/32")).toEqual({ address: "2001:db8::", prefix: 32, family: "ipv6" });
    expect(parseAddressRange("0.0.0.0/0")).toEqual({ address: "0.0.0.0", prefix: 0, family: "ipv4" });
    for (const bad of [
      "",
      "10.0.0.0/33",
      "::/129",
      "10.0.0/8",
      "10.0.0.0/8/1",
      "10.0.0.0/-1",
      "10.0.0.0/ 8",
      "localhost",
    ]) {
      expect(parseAddressRange(bad), bad).toBeUndefined();
    }
    expect(parseAddressList("10.0.0.0/8,, nope ,::1")).toEqual({
      ranges: [
        { address: "10.0.0.0", prefix: 8, family: "ipv4" },
        { address: "::1", prefix: 128, family: "ipv6" },
      ],
      invalid: ["nope"],
    });
  });

  it("matches addresses in the ranges, IPv4 clients of a dual-stack socket included", () => {
    const allowed = addressMatcher(parseAddressList("127.0.0.0/8,::1,10.1.0.0/16").ranges);
    for (const address of ["127.0.0.1", "127.255.0.9", "::1", "::ffff:127.0.0.1", "10.1.200.3"]) {
      expect(allowed(address), address).toBe(true);
    }
    for (const address of ["128.0.0.1", "::2", "10.2.0.1", "::ffff:10.2.0.1", "", "nonsense", undefined]) {
      expect(allowed(address), String(address)).toBe(false);
    }
    expect(addressMatcher([])("127.0.0.1")).toBe(false);
  });
});
