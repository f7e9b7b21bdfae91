import { createContext, type RouterContextProvider } from "react-router";

// The client's IP address, for abuse limits. The Node server puts it into the load context
// (app-context.server.ts).
export const clientAddressContext = createContext<string | null>(null);

/** The caller's address; "unknown" where no server provided one (tests, the dev server). */
export function getClientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext) ?? "unknown";
}

/**
 * The socket's address, or with `trustedProxies` hops in front (TRUST_PROXY), the address
 * the outermost trusted proxy saw in X-Forwarded-For. Entries a client wrote itself sit
 * further left and are never used.
 */
export function resolveClientAddress(forwardedFor: string | null, socketAddress: string | undefined, trustedProxies: number): string {
  const socket = (socketAddress ?? "unknown").replace(/^::ffff:/, "");
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const index = chain.length - trustedProxies;
  return (chain[Math.max(0, index)] ?? socket).replace(/^::ffff:/, "");
}
