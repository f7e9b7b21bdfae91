import { postalAddress } from "#app/platform/seo/structured-data.ts";
import type { DirectoryDetail } from "./cards.ts";

/** schema.org data of a directory entry: LocalBusiness (services) or Organization (diaspora). */
export function directoryJsonLd(type: "LocalBusiness" | "Organization", item: DirectoryDetail, pageUrl: string): Record<string, unknown> {
  const { contacts } = item;
  const address = postalAddress(contacts.address, item.location?.text);
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: item.name.text,
    description: item.teaser.text,
    url: contacts.website ?? pageUrl,
    ...(contacts.phone ? { telephone: contacts.phone } : {}),
    ...(contacts.email ? { email: contacts.email } : {}),
    ...(address ? { address } : {}),
    ...(item.ownPoint ? { geo: { "@type": "GeoCoordinates", ...item.ownPoint } } : {}),
    ...(item.logo ? { logo: new URL(item.logo.src, pageUrl).href } : {}),
    ...(contacts.social.length ? { sameAs: contacts.social.map((link) => link.url) } : {}),
  };
}
