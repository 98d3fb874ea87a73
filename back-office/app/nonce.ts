import { createContext, useContext } from 'react';

/**
 * The nonce of the page's inline scripts (React Router's hydration data), set on the server
 * only: browsers hide a nonce from scripts, so the client renders without one.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
