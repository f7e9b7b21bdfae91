import { Readable } from "node:stream";
import type { Route } from "./+types/route";
import { exportFileName, takeMailedExport } from "#app/modules/account-export/export.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { requireDocumentGet } from "#app/platform/http/document-request.ts";
import { notFound } from "#app/platform/http/errors.ts";

// The mailed export link: once, within a day, for the signed-in owner only. Any other case
// (used, expired, forged, another account's) is the same 404. Only the browser's document GET
// spends it: with JS on, the link reached through the sign-in redirect is fetched as `.data` first.
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  requireDocumentGet(request);
  const file = await takeMailedExport(user.id, params.token);
  if (!file) notFound();
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
