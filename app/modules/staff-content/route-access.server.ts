import type { RouterContextProvider } from "react-router";
import { can } from "#app/modules/auth/access.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { contentSpec, isContentType, type ContentSpec } from "./types.ts";
import type { Actor } from "./state.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { notFound } from "#app/platform/http/errors.ts";

// What every dashboard content loader and action starts with: the content type named by
// the URL (404 for anything else) and the signed-in user's permission for it (403).

export type ContentRouteArgs = { context: Readonly<RouterContextProvider>; url: URL; params: Record<string, string | undefined> };
type Args = ContentRouteArgs;

/** The type in the URL; the pages edit route (/dashboard/pages/edit-page/:id) has none in its params. */
function specFromParams(params: Args["params"]): ContentSpec {
  const type = params.type ?? "pages";
  if (!isContentType(type)) notFound();
  return contentSpec(type);
}

export function requireContentAccess(args: Args): { spec: ContentSpec; user: SessionUser; actor: Actor } {
  const spec = specFromParams(args.params);
  const user = requirePermission(args, spec.permission);
  return { spec, user, actor: { id: user.id, role: user.role } };
}

/** A positive integer id from the URL, else 404. */
export function idParam(value: string | undefined): number {
  return parseId(value) ?? notFound();
}

export function canPurge(user: SessionUser): boolean {
  return can(user.role, "trash.purge");
}

/** `t` for dashboard loaders and actions, in the page's language. */
export function adminT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), ["admin", "dashboard", "common"]);
}
