import { describe, expect, it } from "vitest";
import {
  crc16CcittFalse,
  fpsAmount,
  fpsQrPayload,
  parseFpsIdentifier,
  qrMerchantName,
  tlv,
} from "./fps-qr.ts";

/** A small EMVCo TLV reader, written apart from the encoder, so the test does not trust it. */
function decode(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(id, `ID at ${at}`).toMatch(/^\d{2}$/);
    expect(Number.isInteger(length), `length at ${at}`).toBe(true);
    const value = text.slice(at + 4, at + 4 + length);
    expect(value.length, `value of ${id}`).toBe(length);
    expect(fields.has(id), `${id} once`).toBe(false);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

function ids(text: string): string[] {
  return [...decode(text).keys()];
}

describe("crc16CcittFalse", () => {
  it("gives the catalogued check value of CRC-16/CCITT-FALSE", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
    expect(crc16CcittFalse("")).toBe("FFFF");
  });

  it("matches the CRC of FPS codes made by another implementation (Odoo's l10n_hk tests)", () => {
    const other =
      "00020101021226330012hk.com.hkicl0313+852-6789123452040000530334454031005802HK5914company_1_data6002HK62170513INV/TEST/0001";
    expect(crc16CcittFalse(`${other}6304`)).toBe("A154");
    const decimal =
      "00020101021226330012hk.com.hkicl0313+852-678912345204000053033445405100.55802HK5914company_1_data6002HK62170513INV/TEST/0002";
    expect(crc16CcittFalse(`${decimal}6304`)).toBe("9E64");
  });
});

describe("fpsQrPayload", () => {
  const payload = fpsQrPayload({
    proxy: { kind: "id", value: "1234567" },
    accountName: "Gather Ltd",
    amountCents: 12340,
    reference: "G261122-000042",
  });

  it("holds every field of the FPS layout, in order, with the right values", () => {
    const fields = decode(payload);
    expect(ids(payload)).toEqual(["00", "01", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("01")).toBe("12");
    expect(fields.get("52")).toBe("0000");
    expect(fields.get("53")).toBe("344");
    expect(fields.get("54")).toBe("123.40");
    expect(fields.get("58")).toBe("HK");
    expect(fields.get("59")).toBe("Gather Ltd");
    expect(fields.get("60")).toBe("HK");
    const account = decode(fields.get("26") ?? "");
    expect([...account.entries()]).toEqual([
      ["00", "hk.com.hkicl"],
      ["02", "1234567"],
    ]);
    const additional = decode(fields.get("62") ?? "");
    expect([...additional.entries()]).toEqual([["05", "G261122-000042"]]);
  });

  it("ends with a CRC over everything before it and its own ID and length", () => {
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
    expect(decode(payload).get("63")).toMatch(/^[0-9A-F]{4}$/);
    // One character changed anywhere gives another CRC.
    const tampered = payload.replace("123.40", "123.41");
    expect(crc16CcittFalse(tampered.slice(0, -4))).not.toBe(payload.slice(-4));
  });

  it("rebuilds the reference code of another implementation to the byte (mobile proxy)", () => {
    const ours = fpsQrPayload({
      proxy: { kind: "mobile", value: "+852-67891234" },
      accountName: "company_1_data",
      amountCents: 10050,
      reference: "INV/TEST/0002",
    });
    // Odoo writes 100.5 where we write 100.50; everything else is the same.
    expect(ours).toBe(
      (() => {
        const body =
          "00020101021226330012hk.com.hkicl0313+852-678912345204000053033445406100.505802HK5914company_1_data6002HK62170513INV/TEST/00026304";
        return body + crc16CcittFalse(body);
      })(),
    );
  });

  it("carries a mobile under 03 and an email under 04", () => {
    const byMobile = fpsQrPayload({
      proxy: { kind: "mobile", value: "+852-91234567" },
      accountName: "Shop",
      amountCents: 5,
      reference: "G1",
    });
    expect([...decode(decode(byMobile).get("26") ?? "").entries()]).toEqual([
      ["00", "hk.com.hkicl"],
      ["03", "+852-91234567"],
    ]);
    expect(decode(byMobile).get("54")).toBe("0.05");
    const byEmail = fpsQrPayload({
      proxy: { kind: "email", value: "pay@gather.hk" },
      accountName: "Shop",
      amountCents: 100000,
      reference: "G1",
    });
    expect([...decode(decode(byEmail).get("26") ?? "").entries()]).toEqual([
      ["00", "hk.com.hkicl"],
      ["04", "pay@gather.hk"],
    ]);
    expect(decode(byEmail).get("54")).toBe("1000.00");
  });

  it("puts NA for a name that is not printable ASCII, and cuts a long one to 25", () => {
    expect(qrMerchantName("齊齊買有限公司")).toBe("NA");
    expect(qrMerchantName("  ")).toBe("NA");
    expect(qrMerchantName("Gather Group Buying Company Limited")).toBe("Gather Group Buying Compa");
    const chinese = fpsQrPayload({
      proxy: { kind: "id", value: "123456789" },
      accountName: "齊齊買",
      amountCents: 100,
      reference: "G1",
    });
    expect(decode(chinese).get("59")).toBe("NA");
    expect(chinese).toMatch(/^[\x20-\x7e]+$/);
  });

  it("refuses an amount that cannot be paid and a reference that cannot be carried", () => {
    const base = { proxy: { kind: "id", value: "1234567" } as const, accountName: "S", reference: "G1" };
    expect(() => fpsQrPayload({ ...base, amountCents: 0 })).toThrow(RangeError);
    expect(() => fpsQrPayload({ ...base, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => fpsQrPayload({ ...base, amountCents: 100, reference: "x".repeat(26) })).toThrow(RangeError);
    expect(() => fpsQrPayload({ ...base, amountCents: 100, reference: "訂單" })).toThrow(RangeError);
  });
});

describe("tlv and fpsAmount", () => {
  it("writes a two-digit length", () => {
    expect(tlv("05", "abc")).toBe("0503abc");
    expect(tlv("59", "x".repeat(25))).toBe(`5925${"x".repeat(25)}`);
    expect(() => tlv("5", "x")).toThrow(RangeError);
    expect(() => tlv("05", "")).toThrow(RangeError);
  });

  it("writes dollars with two decimals", () => {
    expect(fpsAmount(1)).toBe("0.01");
    expect(fpsAmount(12340)).toBe("123.40");
    expect(fpsAmount(123456789)).toBe("1234567.89");
  });
});

describe("parseFpsIdentifier", () => {
  it("takes an FPS ID of 7 or 9 digits", () => {
    expect(parseFpsIdentifier("1234567")).toEqual({ ok: true, proxy: { kind: "id", value: "1234567" } });
    expect(parseFpsIdentifier(" 123 456 789 ")).toEqual({
      ok: true,
      proxy: { kind: "id", value: "123456789" },
    });
  });

  it("takes a Hong Kong mobile in any usual form, as +852-XXXXXXXX", () => {
    for (const typed of ["91234567", "+852 9123 4567", "852-91234567", "+85291234567", "0085291234567"]) {
      expect(parseFpsIdentifier(typed), typed).toEqual({
        ok: true,
        proxy: { kind: "mobile", value: "+852-91234567" },
      });
    }
  });

  it("takes an email address", () => {
    expect(parseFpsIdentifier("Pay@Gather.hk")).toEqual({
      ok: true,
      proxy: { kind: "email", value: "Pay@Gather.hk" },
    });
  });

  it("says why it refuses", () => {
    expect(parseFpsIdentifier("12345")).toEqual({ ok: false, error: "fpsIdLength" });
    expect(parseFpsIdentifier("12345678901")).toEqual({ ok: false, error: "fpsIdLength" });
    expect(parseFpsIdentifier("21234567")).toEqual({ ok: false, error: "mobile" });
    expect(parseFpsIdentifier("+852 1234 567")).toEqual({ ok: false, error: "mobile" });
    expect(parseFpsIdentifier("pay@gather")).toEqual({ ok: false, error: "email" });
    expect(parseFpsIdentifier("付款@gather.hk")).toEqual({ ok: false, error: "email" });
    expect(parseFpsIdentifier("FPS-ID")).toEqual({ ok: false, error: "format" });
  });
});
