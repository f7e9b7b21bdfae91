import type { Route } from "./+types/route";
import { getBuildId } from "#app/platform/build-info/build-id.server.ts";

/**
 * GET /builds/latest.json?<timestamp>: the latest-build file (field `id`). Never
 * cached anywhere, so an open tab learns of a new deployment on its next poll.
 */
export function loader({ context }: Route.LoaderArgs) {
  const id = getBuildId(context);
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache, no-store, must-revalidate" };
  if (!id) return new Response(JSON.stringify({ error: "no build id" }), { status: 404, headers });
  return new Response(JSON.stringify({ id }), { headers });
}
