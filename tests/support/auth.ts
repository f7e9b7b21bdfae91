// Account helpers for unit tests: users, signed-in cookies, and calling a loader or action
// through the middleware the app runs before it (i18next, session, route guards).
//
//   const cookie = await signIn("user@x.test", "password-1");
//   const res = await catchResponse(callWithSession(cabinet.loader, { url: "/cabinet", cookie, middleware: [authMiddleware] }));
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { inject } from "vitest";
import type { UserRole } from "#db/schema.ts";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { sessionMiddleware } from "#app/modules/auth/guards.server.ts";
import { commitSessionCookie, createSession } from "#app/modules/auth/session.server.ts";
import { createUser } from "#app/modules/auth/users.server.ts";
import { getConfig, loadConfig, setConfig } from "#app/modules/config/config.server.ts";
import { clientAddressContext } from "#app/modules/http/client-address.server.ts";
import { buildContext, buildRequest, cookieHeader, type RouteCallOptions } from "./route.ts";

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
  const user = await createUser({ email, password, role: options.role ?? "user", verified: options.verified ?? true, name: options.name ?? "Test Person" });
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
  const request = buildRequest(options);
  const url = new URL(request.url);
  const context = buildContext(options.context);
  // Each call comes from its own address unless told otherwise, so limits per IP do not leak between tests.
  context.set(clientAddressContext, options.ip ?? `2001:db8::${(++addressCounter).toString(16)}`);
  const args = { request, url, pattern: options.pattern ?? url.pathname, params: options.params ?? {}, context };
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

export type OutboxMail = { file: string; to: string; subject: string; link: string | null; raw: string; /** raw with quoted-printable undone: the text as a person reads it. */ text: string };

/** The messages in $DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir = getConfig().dataDir): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const header = (name: string) =>
      raw.match(new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "mi"))?.[1]?.replace(/\n[ \t]+/g, " ").trim() ?? "";
    return { file, to: header("To"), subject: decodeMimeWords(header("Subject")), link: header("X-Portal-Link") || null, raw, text: decodeQuotedPrintable(raw) };
  });
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) over the whole message, as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === "=" ? /^[0-9A-F]{2}$/.exec(joined.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 words (nodemailer's B and Q forms), joining adjacent words' bytes before UTF-8. */
function decodeMimeWords(text: string): string {
  const parts: Array<string | Buffer> = [];
  let last = 0;
  for (const match of text.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)) {
    const between = text.slice(last, match.index);
    if (!/^\s*$/.test(between) || parts.length === 0) parts.push(between);
    const [, kind, encoded] = match as unknown as [string, string, string];
    parts.push(
      kind.toUpperCase() === "B"
        ? Buffer.from(encoded, "base64")
        : Buffer.from(encoded.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1"),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  let out = "";
  let bytes: Buffer[] = [];
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      bytes.push(part);
      continue;
    }
    if (bytes.length) out += Buffer.concat(bytes).toString("utf8");
    bytes = [];
    out += part;
  }
  if (bytes.length) out += Buffer.concat(bytes).toString("utf8");
  return out;
}
