import type { Route } from "./+types/route";
import { handleBeacon } from "#app/modules/analytics/beacon.server.ts";

/** POST /api/visitors/log: sent once when the app shell mounts. */
export function action(args: Route.ActionArgs) {
  return handleBeacon("visit", args);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
