// Shared by the dashboard-*.test.ts files: staff accounts, and calling a dashboard
// loader or action the way the app does (i18n, session, the `my-auth` guard, then the
// route), as the signed-in person.
import sharp from "sharp";
import { beforeAll } from "vitest";
import type { UserRole } from "#db/schema.ts";
import { myAuthMiddleware } from "#app/modules/auth/guards.server.ts";
import { callWithSession, makeUser, sessionCookieFor, type SessionCallOptions, useAccountConfig } from "../support/auth.ts";

export type Staff = { id: number; email: string; cookie: string };

export async function staff(role: UserRole): Promise<Staff> {
  const user = await makeUser({ role, name: `${role} person` });
  return { id: user.id, email: user.email, cookie: await sessionCookieFor(user.id) };
}

/**
 * Call at a test file's top level: before its tests, the account config and a signed-in editor
 * and admin. Read them inside tests and hooks.
 */
export function useStaffAccounts(): { readonly editor: Staff; readonly admin: Staff } {
  const team = {} as { editor: Staff; admin: Staff };
  beforeAll(async () => {
    useAccountConfig();
    team.editor = await staff("editor");
    team.admin = await staff("admin");
  });
  return team;
}

/** Runs a dashboard loader/action as `who`; returns what it returned (throws what it threw). */
export async function asStaff<F extends (args: any) => unknown>(who: Staff, fn: F | undefined, options: SessionCallOptions) {
  const { result } = await callWithSession(fn, { ...options, cookie: who.cookie, middleware: [myAuthMiddleware] });
  return result;
}

/** A small real PNG, as a browser would post it. */
export async function pngFile(name = "cover.png", color = "#0057b7"): Promise<File> {
  const buffer = await sharp({ create: { width: 64, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], name, { type: "image/png" });
}

/** The `data(...)` of an action that answered with a form result. */
export function replyOf(result: unknown): { status: number; data: any } {
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped && wrapped.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  throw new Error(`Expected a data() reply, got ${result instanceof Response ? `a ${result.status} response` : typeof result}`);
}

/** "2026-11-20T18:30" in the site's zone, `minutes` from now. */
export { toLocalInput } from "#app/modules/staff-content/datetime.ts";
