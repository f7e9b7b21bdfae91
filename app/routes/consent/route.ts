import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { enabledIdsFor, MANAGE_PARAM, MANAGE_VALUE } from "#app/platform/consent/cookies.ts";
import { consentCookies } from "#app/platform/consent/consent.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { consentSchema } from "./schema.ts";
import { methodNotAllowed } from "#app/platform/http/errors.ts";

// POST /consent: every button of the cookie banner and its settings dialog is a plain form
// post here, so consent works without JavaScript. The answer goes back to the page it came
// from; with JS (a fetcher) the redirect replaces the history entry instead of adding one.

function withoutManage(path: string): string {
  const url = new URL(path, "http://portal.invalid");
  url.searchParams.delete(MANAGE_PARAM);
  return url.pathname + url.search + url.hash;
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: consentSchema });
  if (submission.status !== "success") {
    return data({ error: "invalid consent form" }, { status: 400 });
  }
  const { intent, optional, returnTo } = submission.value;
  const target = withoutManage(safeRedirectPath(returnTo));
  if (intent === "manage") {
    const url = new URL(target, "http://portal.invalid");
    url.searchParams.set(MANAGE_PARAM, MANAGE_VALUE);
    return redirect(url.pathname + url.search, { status: 303 });
  }
  const enabled = enabledIdsFor(intent === "save" ? { intent, optional } : { intent });
  const headers = new Headers({ "X-Remix-Replace": "true", "Cache-Control": "no-store" });
  for (const cookie of consentCookies(enabled, request)) headers.append("Set-Cookie", cookie);
  return redirectWithFlash(target, { severity: "success", message: "shell:consent.saved" }, { status: 303, headers });
}

export function loader() {
  methodNotAllowed("POST");
}
