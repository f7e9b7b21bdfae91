import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { readForm, requestWithForm } from "#app/platform/http/body.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { clientSession } from "#app/modules/auth/client-session.server.ts";
import { isValidCsrfToken, issueCsrfToken } from "#app/modules/auth/csrf.server.ts";
import { getSession } from "#app/modules/auth/guards.server.ts";
import { clearSessionCookie, deleteSession } from "#app/modules/auth/session.server.ts";
import { completeFirstFactor, signIn } from "#app/modules/auth/sign-in.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { flashHeader } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { signInSchema } from "#app/routes/login/schema.ts";
import { notFound } from "#app/platform/http/errors.ts";

// The auth API on its base path /api/auth (docs/product.md#accounts-and-sessions): GET /csrf, /providers, /session;
// POST /signin/{provider} (= /callback/{provider}) and /signout, form-encoded with
// csrfToken, callbackUrl and json. The one provider is "credentials" (email + password).

export const CSRF_MISSING_MESSAGE = "Could not fetch CSRF Token for signing out";
const PROVIDER = "credentials";

function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  if (path === "csrf") {
    const { token, setCookie } = issueCsrfToken(request, context);
    return json({ csrfToken: token }, setCookie ? { headers: { "Set-Cookie": setCookie } } : {});
  }
  if (path === "providers") {
    const base = `${publicOrigin()}/api/auth`;
    return json({
      [PROVIDER]: {
        id: PROVIDER,
        name: "Email",
        type: "credentials",
        signinUrl: `${base}/signin/${PROVIDER}`,
        callbackUrl: `${base}/callback/${PROVIDER}`,
      },
    });
  }
  if (path === "session") {
    const session = getSession(context);
    if (!session) return json({});
    const { user, csrfToken } = clientSession(context);
    return json({ user, csrfToken, expires: session.expiresAt.toISOString() });
  }
  notFound();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const path = params["*"] ?? "";
  if (path === "signout") return signOut(request, context);
  if (path === `signin/${PROVIDER}` || path === `callback/${PROVIDER}`) return credentialsSignIn(request, context);
  notFound();
}

function wantsJson(form: FormData): boolean {
  return form.get("json") === "true";
}

/** Ends the session (CSRF token required) and goes to callbackUrl with a toast. */
async function signOut(request: Request, context: Route.ActionArgs["context"]) {
  const form = await readForm(request);
  const token = form.get("csrfToken");
  const session = getSession(context);
  if (typeof token !== "string" || token === "" || (session && !isValidCsrfToken(request, context, token))) {
    return new Response(CSRF_MISSING_MESSAGE, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (session) await deleteSession(session.id);
  const target = safeRedirectPath(form.get("callbackUrl"), "/");
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", await flashHeader({ severity: "info", message: "auth:flash.signed_out" }));
  if (wantsJson(form)) return json({ url: target }, { headers });
  return redirect(target, { headers });
}

/** The API's sign-in: the same checks and limits as the /login form, for scripts and clients. */
async function credentialsSignIn(request: Request, context: Route.ActionArgs["context"]) {
  const form = await readForm(request);
  const callback = safeRedirectPath(form.get("callbackUrl"), "/");
  const loginPath = localizePath("/login", localeFromPath(callback));
  const fail = (status: number, error: string, headers?: HeadersInit) =>
    wantsJson(form)
      ? json({ error, url: `${loginPath}?error=${error}` }, { status, headers })
      : redirect(`${loginPath}?error=${error}`, { headers });

  if (!isValidCsrfToken(request, context, form.get("csrfToken"))) return fail(400, "MissingCSRF");
  const submission = parseWithZod(form, { schema: signInSchema });
  if (submission.status !== "success") return fail(401, "CredentialsSignin");
  const outcome = await signIn(requestWithForm(request, form), context, submission.value.email);
  if (!outcome.ok) {
    if (outcome.reason === "limited") return fail(429, "TooManyRequests", { "Retry-After": String(outcome.retryAfterSeconds) });
    return fail(401, "CredentialsSignin");
  }
  const next = await completeFirstFactor(request, context, outcome.user, callback, localeFromPath(callback));
  const headers = new Headers({ "Set-Cookie": next.setCookie });
  if (wantsJson(form)) return json({ url: next.location }, { headers });
  return redirect(next.location, { headers });
}
