/**
 * A QR code the server drew with the qrcode package (SVG paths, no script) from our own text: a
 * pickup code, a PayMe link or an FPS payload. Shown as one image named by `label`.
 */
export function QrCode({
  svg,
  label,
  className,
  testId,
}: {
  svg: string;
  label: string;
  className: string;
  testId?: string;
}) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn by our own server from our own text (see above).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
