import type { Route } from "./+types/route";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath } from "#app/i18n/locales.ts";
import { bboxFromUrl } from "#app/platform/geo/bbox.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { isMapKind, MAP_POINTS_DEPS, mapCategoryFilter, mapNearFilter, mapPoints } from "#app/modules/places/map-points.server.ts";
import { pointsToGeoJson } from "#app/modules/places/map-points.ts";

// The map's areas are an open-ended query space: kept in the small "search" partition.
export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: MAP_POINTS_DEPS, partition: "search" })];

/** `/map/points/{poster|services|diaspors}.json?bbox=&category=&near=&radius=`: a list's places as GeoJSON. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const kind = /^([a-z]+)\.json$/.exec(params.file ?? "")?.[1];
  if (!kind || !isMapKind(kind)) notFound();
  const url = new URL(request.url);
  const bbox = bboxFromUrl(url);
  if (bbox === "invalid") badRequest();
  const language = getPageLanguage(context);
  const [categoryId, near] = await Promise.all([mapCategoryFilter(kind, url, language), mapNearFilter(url, language)]);
  const points = await mapPoints(kind, { language, locale: localeFromPath(url.pathname), categoryId, near, bbox });
  return new Response(JSON.stringify(pointsToGeoJson(points)), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}
