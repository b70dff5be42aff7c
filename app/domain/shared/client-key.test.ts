import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::FFFF:127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("0:0:0:0:0:ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 under one key", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0abc",
      "2001:db8:1:2:3:4:5:6",
      "2001:db8:1:2::1.2.3.4",
      "[2001:db8:1:2::9]",
      "2001:db8:1:2::9%eth0",
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
  });

  it("keeps different /64s apart", () => {
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("passes anything it cannot read through, and names a missing address", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey(null)).toBe("unknown");
    expect(clientKey("")).toBe("unknown");
    expect(clientKey("1:2:3")).toBe("1:2:3");
    expect(clientKey("1::2::3")).toBe("1::2::3");
    expect(clientKey("gggg::1")).toBe("gggg::1");
  });
});
