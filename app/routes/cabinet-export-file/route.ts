import { Readable } from "node:stream";
import type { Route } from "./+types/route";
import {
  countOwnPhotos,
  exportFileName,
  exportZip,
  INSTANT_EXPORT_MAX_PHOTOS,
  queueExport,
} from "#app/modules/account-export/export.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { consumeLimit } from "#app/modules/auth/rate-limit.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { readConsent } from "#app/platform/consent/consent.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { exportSchema } from "./schema.ts";

// The export form's post (a resource route: its answer may be a zip). Small accounts get the
// zip in the answer; larger ones a mailed link when the job queue has built it.

/** Packing a zip costs: a few an hour per account is plenty. */
const EXPORT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const back = url.pathname.replace(/\/file$/, "");
  if (!exportSchema.safeParse(Object.fromEntries(await readForm(request))).success) badRequest();
  const limit = await consumeLimit([{ key: `export:user:${user.id}`, limit: EXPORT_LIMIT }]);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return redirectWithFlash(
      back,
      { severity: "warn", message: "security:export.limited", values: { minutes } },
      { status: 303, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const consent = readConsent(request);
  if ((await countOwnPhotos(user.id)) > INSTANT_EXPORT_MAX_PHOTOS) {
    await queueExport(user.id, consent, publicOrigin());
    return redirectWithFlash(back, { severity: "success", message: "security:export.queued" }, { status: 303 });
  }
  const zip = await exportZip(user.id, consent);
  if (!zip) notFound();
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
