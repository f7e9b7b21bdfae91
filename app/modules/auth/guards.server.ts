import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { localeFromPath, localizePath, stripLocale } from "#app/i18n/locales.ts";
import { can, type Permission } from "./access.ts";
import { permissionForDashboardPath } from "./dashboard-sections.ts";
import {
  clearSessionCookie,
  commitSessionCookie,
  extendSessionIfDue,
  findSession,
  readSessionToken,
  SESSION_COOKIE,
  type CurrentSession,
  type SessionUser,
} from "./session.server.ts";
import { forbidden } from "#app/platform/http/errors.ts";

/** The request's session and user, set by sessionMiddleware (root) for every request. */
export const sessionContext = createContext<CurrentSession | null>(null);

type GuardArgs = { context: Readonly<RouterContextProvider>; url: URL };

/**
 * Root middleware: reads the `__session` cookie, loads the session with its user (fresh on
 * every request), extends it when due (rolling 30 days) and clears a cookie that no longer
 * names a live session, so the visitor's pages become anonymous (and cacheable) again.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { present, token } = await readSessionToken(request);
  const session = token ? await findSession(token) : null;
  context.set(sessionContext, session);
  const refresh = session ? await extendSessionIfDue(session) : false;
  const response = await next();
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!setsSession) {
    if (session && refresh && token) response.headers.append("Set-Cookie", await commitSessionCookie(token));
    else if (present && !session) response.headers.append("Set-Cookie", await clearSessionCookie());
  }
  return response;
};

export function getSession(context: Readonly<RouterContextProvider>): CurrentSession | null {
  return context.get(sessionContext);
}

export function getCurrentUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionContext)?.user ?? null;
}

/** `/login?redirect=<path and query>` in the locale of `url`. */
export function loginRedirectPath(url: URL): string {
  const target = url.pathname.replace(/\.data$/, "") + url.search;
  return `${localizePath("/login", localeFromPath(url.pathname))}?redirect=${encodeURIComponent(target)}`;
}

/** The signed-in user, or a redirect to the login page that comes back here afterwards. */
export function requireUser({ context, url }: GuardArgs): SessionUser {
  const user = getCurrentUser(context);
  if (!user) throw redirect(loginRedirectPath(url));
  return user;
}

/** The signed-in user allowed `permission` (access.ts); anonymous → login, others → 403. */
export function requirePermission(args: GuardArgs, permission: Permission): SessionUser {
  const user = requireUser(args);
  if (!can(user.role, permission)) forbidden();
  return user;
}

/** Set by `my-auth` when a page request may not see the dashboard (see there). */
const accessDeniedContext = createContext<boolean>(false);

/** For the dashboard layout's loader: throws the 403 that `my-auth` noted for this request. */
export function throwIfAccessDenied(context: Readonly<RouterContextProvider>): void {
  if (context.get(accessDeniedContext)) forbidden();
}

/** The `auth` route middleware: signed-in visitors only (/cabinet/*, /dodaty-ogoloshennya). */
export const authMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  requireUser(args);
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/**
 * The `my-auth` route middleware of the dashboard layout: checks, for every path under
 * /dashboard (GET and POST alike), the permission the access table gives that path.
 * Pages and actions check their own permission too.
 */
export const myAuthMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const user = requireUser(args);
  if (!can(user.role, permissionForDashboardPath(stripLocale(args.url.pathname)))) {
    // A middleware that throws stops every loader, the root's too, and the 403 page would lose
    // the shell's data (site name, account menu, footer). So a page request goes on with the
    // refusal noted and the dashboard layout's loader throws it; writes and client data
    // requests (`.data`, which carry loader data) are refused here.
    const dataRequest = new URL(args.request.url).pathname.endsWith(".data");
    if (args.request.method !== "GET" || dataRequest) forbidden();
    args.context.set(accessDeniedContext, true);
  }
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};
