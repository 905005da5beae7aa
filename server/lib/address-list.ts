import { BlockList, isIP } from "node:net";

/** A block of addresses: `10.0.0.0/8`, `fd00::/8`, or one address (`::1` is `::1/128`). */
export interface AddressRange {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** One CIDR or single address, or undefined when the text is neither. */
export function parseAddressRange(text: string): AddressRange | undefined {
  const [address = "", prefixText, ...rest] = text.trim().split("/");
  const version = isIP(address);
  if (rest.length > 0 || version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** A comma-separated list of ranges: those understood, and the entries that are not one. */
export function parseAddressList(text: string): { ranges: AddressRange[]; invalid: string[] } {
  const ranges: AddressRange[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(",")) {
    if (entry.trim() === "") continue;
    const range = parseAddressRange(entry);
    if (range) ranges.push(range);
    else invalid.push(entry.trim());
  }
  return { ranges, invalid };
}

/**
 * Whether an address is in one of the ranges. IPv4 clients of a dual-stack socket arrive as
 * `::ffff:a.b.c.d`; node:net's BlockList matches those against IPv4 ranges too.
 */
export function addressMatcher(ranges: readonly AddressRange[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  return (address) => {
    const version = address === undefined ? 0 : isIP(address);
    return version !== 0 && list.check(address as string, version === 4 ? "ipv4" : "ipv6");
  };
}
