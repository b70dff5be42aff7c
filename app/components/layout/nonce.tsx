import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (DESIGN §4.14, decision 0015): the server
 * renders it on every inline script; in the browser there is none to give (hydration adds none).
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
