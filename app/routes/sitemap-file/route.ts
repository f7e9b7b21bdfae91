import type { Route } from "./+types/route";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { ADVERT_TABLES, CONTENT_TABLES } from "#app/modules/content/versioned-tables.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { sitemapChunk } from "#app/modules/sitemap/sitemap.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  publicPageCache({ deps: [...CONTENT_TABLES, ...ADVERT_TABLES], sharedMaxAgeSeconds: 3600, maxEntryBytes: 32 * 1024 * 1024 }),
];

/** `/sitemap/<n>.xml`: one file of the sitemap index. */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,4})\.xml$/.exec(params.file ?? "");
  if (!match) notFound();
  const xml = await sitemapChunk(publicOrigin(), Number(match[1]));
  if (xml === null) notFound();
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
