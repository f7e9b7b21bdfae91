import type { Route } from "./+types/route";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath } from "#app/i18n/locales.ts";
import { PLACE_PACK_DEPS, placePack } from "#app/modules/offline/place-pack.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";

// One pack per place and language: few, like the lists' filters.
export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: PLACE_PACK_DEPS, partition: "search" })];

/** `/offline/pack?location=<slug>` (or `?near=&radius=`): the addresses of a place's pages to keep offline, and their estimated size. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pack = await placePack(url, getPageLanguage(context), localeFromPath(url.pathname));
  return new Response(JSON.stringify(pack), { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
