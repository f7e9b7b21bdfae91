import type { RouterContextProvider } from "react-router";
import { analyticsVisitor } from "#app/platform/consent/consent.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { getDailySalt } from "./salt.server.ts";
import { visitorHash } from "./visitor.server.ts";

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The day's visitor hash of a request: the visit log's and the counters' one definition. */
export async function requestVisitorHash({ request, context }: RequestArgs, visitorId: string | null, now = new Date()): Promise<string> {
  const salt = await getDailySalt(now);
  return visitorHash(salt, { ip: getClientAddress(context), userAgent: request.headers.get("user-agent") ?? "", visitorId });
}

/**
 * The analytics id a request already carries with consent, else null. A page serve sets no
 * cookie (cached pages stay shareable), so an id the beacon would issue does not count yet.
 */
export function carriedVisitorId(request: Request): string | null {
  const visitor = analyticsVisitor(request);
  return visitor.setCookie ? null : visitor.id;
}
