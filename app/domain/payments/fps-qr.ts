/**
 * FPS (轉數快) payment QR codes (issue 31 item 1): the text a Hong Kong banking app scans to pay the
 * shop an exact amount with the order number as the reference.
 *
 * Written by hand: no maintained npm library encodes EMVCo merchant-presented QR codes with the
 * FPS template (looked for in 2026-11: `emvqr` 0.0.5 and `hkqr-fps` 1.1.1 are single unmaintained
 * releases), and the format is a few length-prefixed fields and a CRC.
 *
 * The layout follows the HKMA "Common QR Code Specification" for FPS (on EMVCo's "QR Code
 * Specification for Payment Systems: Merchant-Presented Mode" v1.1), each field an ID (2 digits),
 * a length (2 digits, the number of characters) and the value, in this order:
 *
 * | ID | field                               | value                                                  |
 * | -- | ----------------------------------- | ------------------------------------------------------ |
 * | 00 | payload format indicator            | "01"                                                   |
 * | 01 | point of initiation method          | "12": dynamic, one payment of the amount below         |
 * | 26 | merchant account information (FPS)  | template: 00 GUID "hk.com.hkicl", then one proxy:      |
 * |    |                                     | 02 FPS ID (7 or 9 digits), 03 mobile "+852-XXXXXXXX", |
 * |    |                                     | or 04 email address                                    |
 * | 52 | merchant category code              | "0000" (none given)                                    |
 * | 53 | transaction currency                | "344" (ISO 4217 HKD)                                   |
 * | 54 | transaction amount                  | dollars with two decimals, "123.40"                    |
 * | 58 | country code                        | "HK"                                                   |
 * | 59 | merchant name                       | the account name, or "NA" (see `qrMerchantName`)       |
 * | 60 | merchant city                       | "HK"                                                   |
 * | 62 | additional data field template      | 05 reference label: the order number                  |
 * | 63 | CRC                                 | CRC-16/CCITT-FALSE of everything before it and "6304"  |
 *
 * The CRC (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) is four
 * upper-case hex digits. Every value here is printable ASCII, so characters are bytes.
 */
import type { Checked } from "../shared/checked.ts";
import type { Cents } from "../shared/money.ts";

/** The FPS proxy (「轉數快識別碼」) that receives the payment, as the template's sub-field carries it. */
export type FpsProxy =
  | { kind: "id"; value: string }
  | { kind: "mobile"; value: string }
  | { kind: "email"; value: string };

const FPS_GUID = "hk.com.hkicl";
const FPS_CURRENCY_HKD = "344";
/** EMVCo: the merchant name is at most 25 characters; the reference label too. */
const MERCHANT_NAME_MAX = 25;
const REFERENCE_MAX = 25;
const EMAIL_MAX = 64;

const proxySubField = { id: "02", mobile: "03", email: "04" } as const;

/**
 * Reads what an admin types as the shop's FPS identifier: an FPS ID (7 or 9 digits), a Hong Kong
 * mobile number (8 digits, with or without +852, spaces or dashes) or an email address. Returns
 * the proxy in the form the QR code carries (mobile as "+852-91234567"), or why not.
 */
export function parseFpsIdentifier(
  input: string,
): Checked<{ proxy: FpsProxy }, "fpsIdLength" | "mobile" | "email" | "format"> {
  const text = input.trim();
  if (text.includes("@")) {
    // ASCII only: the QR payload counts characters as bytes, and banks' FPS registers take no other.
    const valid =
      text.length <= EMAIL_MAX &&
      /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(text);
    return valid ? { ok: true, proxy: { kind: "email", value: text } } : { ok: false, error: "email" };
  }
  const compact = text.replace(/[\s-]/g, "");
  const mobile = /^(?:\+852|00852|852)(\d+)$/.exec(compact);
  if (mobile) {
    const digits = mobile[1] ?? "";
    return /^[4-9]\d{7}$/.test(digits)
      ? { ok: true, proxy: { kind: "mobile", value: `+852-${digits}` } }
      : { ok: false, error: "mobile" };
  }
  if (!/^\d+$/.test(compact)) return { ok: false, error: "format" };
  if (compact.length === 7 || compact.length === 9)
    return { ok: true, proxy: { kind: "id", value: compact } };
  // Eight digits is a Hong Kong number typed without +852 (mobiles start 4–9; FPS IDs are 7 or 9).
  if (compact.length === 8) {
    return /^[4-9]/.test(compact)
      ? { ok: true, proxy: { kind: "mobile", value: `+852-${compact}` } }
      : { ok: false, error: "mobile" };
  }
  return { ok: false, error: "fpsIdLength" };
}

/** One EMVCo data object: ID, two-digit length, value. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`bad EMVCo ID: ${id}`);
  if (value.length === 0 || value.length > 99)
    throw new RangeError(`EMVCo value ${id} has length ${value.length}`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of ASCII text, as four upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i += 1) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Whole cents as the QR code's amount: "123.40". */
export function fpsAmount(cents: Cents): string {
  if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`not a payable amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * The merchant name field takes printable ASCII only (EMVCo's "ans"); a Chinese account name
 * cannot go there, so the field says "NA" and the page shows the name in words. Banking apps show
 * the name registered with the FPS proxy in any case.
 */
export function qrMerchantName(accountName: string): string {
  const name = accountName.trim().slice(0, MERCHANT_NAME_MAX).trim();
  return name.length > 0 && /^[\x20-\x7e]+$/.test(name) ? name : "NA";
}

/** The payload of a dynamic FPS QR code for one payment (see the table at the top of this file). */
export function fpsQrPayload(input: {
  proxy: FpsProxy;
  accountName: string;
  amountCents: Cents;
  reference: string;
}): string {
  if (!/^[\x21-\x7e]+$/.test(input.reference) || input.reference.length > REFERENCE_MAX) {
    throw new RangeError(`bad FPS reference: ${input.reference}`);
  }
  const account = tlv("00", FPS_GUID) + tlv(proxySubField[input.proxy.kind], input.proxy.value);
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", account) +
    tlv("52", "0000") +
    tlv("53", FPS_CURRENCY_HKD) +
    tlv("54", fpsAmount(input.amountCents)) +
    tlv("58", "HK") +
    tlv("59", qrMerchantName(input.accountName)) +
    tlv("60", "HK") +
    tlv("62", tlv("05", input.reference)) +
    "6304";
  return body + crc16CcittFalse(body);
}
