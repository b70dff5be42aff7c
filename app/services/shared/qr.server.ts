/**
 * A QR code as SVG markup drawn on the server (no script in the page): the PayMe link on /payment
 * and a paid order's pickup code, which staff scan. The library is loaded on first use, so a
 * server that has not drawn one yet starts without it.
 */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
