// Account helpers for unit tests: users, signed-in cookies, and calling a loader or action
// through the middleware the app runs before it (i18next, session, route guards).
//
//   const cookie = await signIn("user@x.test", "password-1");
//   const res = await catchResponse(callWithSession(cabinet.loader, { url: "/cabinet", cookie, middleware: [authMiddleware] }));
import { mkdtempSync } from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { inject } from "vitest";
import type { UserRole } from "#db/schema.ts";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { sessionMiddleware } from "#app/modules/auth/guards.server.ts";
import { commitSessionCookie, createSession } from "#app/modules/auth/session.server.ts";
import { createUser } from "#app/modules/auth/users.server.ts";
import { getConfig, loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { type OutboxMail, readOutboxDir } from "./outbox.ts";
import { cookieHeader, type RouteCallOptions, routeArgs } from "./route.ts";

/**
 * A config with a fresh DATA_DIR (outbox, uploads) and a fixed session secret. The folder
 * lives in the run's scratch folder, which global-setup.ts removes at the end.
 */
export function useAccountConfig(extra: NodeJS.ProcessEnv = {}): string {
  const dataDir = mkdtempSync(path.join(inject("scratchDir"), "auth-"));
  setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40), ...extra }));
  return dataDir;
}

let counter = 0;
export async function makeUser(options: { role?: UserRole; email?: string; password?: string; verified?: boolean; name?: string } = {}) {
  const password = options.password ?? "password-123";
  const email = options.email ?? `person${++counter}-${Date.now()}@example.test`;
  const user = await createUser({
    email,
    password,
    role: options.role ?? "user",
    verified: options.verified ?? true,
    name: options.name ?? "Test Person",
  });
  return { ...user, password };
}

/** A `__session` cookie (Cookie header form) for a new session of the user. */
export async function sessionCookieFor(userId: number): Promise<string> {
  const { token } = await createSession(userId, "vitest");
  return cookieHeader(await commitSessionCookie(token));
}

export type SessionCallOptions = RouteCallOptions & {
  /** Route middleware to run after the root's (e.g. authMiddleware, myAuthMiddleware). */
  middleware?: MiddlewareFunction<Response>[];
  /** Client IP for the abuse limits; a new one per call by default. */
  ip?: string;
};

let addressCounter = 0;

export type SessionCallResult<T> = { result: T; setCookies: string[] };

/**
 * Runs i18next → session → `middleware` → the loader/action, as the app does. Returns what
 * the function returned and the Set-Cookie headers middleware added; rethrows what it threw
 * (redirects and error responses from guards included).
 */
export async function callWithSession<F extends (args: any) => unknown>(
  fn: F | undefined,
  options: SessionCallOptions = {},
): Promise<SessionCallResult<Awaited<ReturnType<F>>>> {
  if (!fn) throw new Error("callWithSession: the route module has no such loader/action");
  const args = routeArgs(options);
  // Each call comes from its own address unless told otherwise, so limits per IP do not leak between tests.
  args.context.set(clientAddressContext, options.ip ?? `2001:db8::${(++addressCounter).toString(16)}`);
  const chain = [i18nextMiddleware as MiddlewareFunction<Response>, sessionMiddleware, ...(options.middleware ?? [])];
  let result: unknown;
  const run = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      result = await fn(args);
      return result instanceof Response ? result : new Response(null);
    }
    return (await chain[index]!(args, () => run(index + 1))) ?? new Response(null);
  };
  const response = await run(0);
  const setCookies = response.headers.getSetCookie();
  return { result: result as Awaited<ReturnType<F>>, setCookies };
}

/** The messages in $DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir = getConfig().dataDir): OutboxMail[] {
  return readOutboxDir(dataDir);
}

/** The mails in the outbox addressed to `email`. */
export function mailsTo(email: string): OutboxMail[] {
  return readOutbox().filter((mail) => mail.to.includes(email));
}

/** The `token` parameter of a mailed link. */
export function tokenOf(link: string | null): string {
  const token = new URL(link ?? "").searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
