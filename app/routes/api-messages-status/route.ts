import type { Route } from "./+types/route";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { ifNoneMatchHolds } from "#app/platform/http/etag.ts";
import { messageStatus } from "#app/modules/messages/conversations.server.ts";

/**
 * GET /api/messages/status: the signed-in user's unread conversations and newest message time,
 * polled by the page every few seconds; state lives in the database, so any process answers,
 * and an unchanged answer is a 304 with no body.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getCurrentUser(context);
  const headers = { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (!user) return new Response(null, { status: 401, headers });
  const status = await messageStatus(user.id);
  const etag = `W/"m${status.unread}-${status.latest}"`;
  if (ifNoneMatchHolds(request.headers.get("If-None-Match") ?? "", etag))
    return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  return Response.json(status, { headers: { ...headers, ETag: etag } });
}
