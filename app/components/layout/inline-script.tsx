import { useNonce } from "./nonce.tsx";

/**
 * A fixed script of ours written into the page with this response's CSP nonce. The browser runs
 * the server's copy; hydration keeps it as it is.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, no outside input.
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
