import type { Route } from "./+types/route";
import { mapStyle, parseStyleOptions } from "#app/modules/places/map-style.server.ts";

/** `/map/style.json?theme=light|dark&lang=uk|en`: the maps' MapLibre style (the basemap when there is one). */
export async function loader({ request }: Route.LoaderArgs) {
  const options = parseStyleOptions(new URL(request.url));
  const style = await mapStyle(options);
  return new Response(JSON.stringify(style), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
