/**
 * The key a client's address is counted under by the rate limits (posts, sign-in codes; issue 26).
 * An IPv4 address is its own key. An IPv6 client is usually handed a whole /64, so it could step
 * through 2^64 addresses: it is counted per /64 (`2001:db8:1:2::/64`). An IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports an IPv4 client) is the IPv4 address.
 */
export function clientKey(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  let address = ip.trim().toLowerCase();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string, last: boolean): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (last && index === pieces.length - 1 && piece.includes(".")) {
        const octets = piece.split(".");
        if (
          octets.length !== 4 ||
          !octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
        ) {
          return null;
        }
        const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  if (halves.length === 1) {
    const groups = parse(address, true);
    return groups?.length === 8 ? groups : null;
  }
  const head = parse(halves[0] ?? "", false);
  const tail = parse(halves[1] ?? "", true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
