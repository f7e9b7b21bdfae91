import type { Route } from "./+types/route";
import { publicOrigin } from "~/modules/config/config.server";
import { ADVERT_TABLES, CONTENT_TABLES } from "~/modules/page-cache/content-state.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { sitemapDocument } from "~/modules/sitemap/sitemap.server";

export const middleware: Route.MiddlewareFunction[] = [
  publicPageCache({ deps: [...CONTENT_TABLES, ...ADVERT_TABLES], sharedMaxAgeSeconds: 3600, maxEntryBytes: 32 * 1024 * 1024 }),
];

/** `/sitemap.xml`: a urlset, or a sitemap index past 50,000 URLs. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await sitemapDocument(publicOrigin(context));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
