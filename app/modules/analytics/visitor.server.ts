import { createHash } from "node:crypto";

/**
 * The visitor's id for one day: sha256 over the day's salt and either the analytics cookie's
 * random id (with consent) or the IP address and user agent. Neither is stored.
 */
export function visitorHash(salt: string, who: { ip: string; userAgent: string; visitorId: string | null }): string {
  const material = who.visitorId ? `${salt}|id|${who.visitorId}` : `${salt}|ip|${who.ip}|${who.userAgent}`;
  return createHash("sha256").update(material).digest("hex");
}

/** The referring site's host; none for direct visits, internal links or odd values. */
export function referrerHost(referrer: string, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    if (!host || ownHosts.includes(host)) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}
