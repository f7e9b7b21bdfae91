import type { Route } from "./+types/route";
import { handleBeacon } from "#app/modules/analytics/beacon.server.ts";

/** POST /api/heartbeat: every 60 s while the app is open; feeds "online now". */
export function action(args: Route.ActionArgs) {
  return handleBeacon("heartbeat", args);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
