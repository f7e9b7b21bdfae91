import type { Route } from "./+types/route";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { ADVERT_TABLES, CONTENT_TABLES } from "#app/modules/content/versioned-tables.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { sitemapDocument } from "#app/modules/sitemap/sitemap.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  publicPageCache({ deps: [...CONTENT_TABLES, ...ADVERT_TABLES], sharedMaxAgeSeconds: 3600, maxEntryBytes: 32 * 1024 * 1024 }),
];

/** `/sitemap.xml`: a urlset, or a sitemap index past 50,000 URLs. */
export async function loader() {
  const xml = await sitemapDocument(publicOrigin());
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
