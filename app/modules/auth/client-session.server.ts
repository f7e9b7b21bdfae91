import type { RouterContextProvider } from "react-router";
import { csrfTokenForSession } from "./csrf.server.ts";
import { getSession } from "./guards.server.ts";
import type { ClientSession } from "./session-status.tsx";

/** The session as the browser may see it (root loader, GET /api/auth/session). */
export function clientSession(context: Readonly<RouterContextProvider>): ClientSession {
  const session = getSession(context);
  if (!session) return { status: "unauthenticated", user: null, csrfToken: null };
  const { id, name, email, role, emailVerified } = session.user;
  return { status: "authenticated", user: { id, name, email, role, emailVerified }, csrfToken: csrfTokenForSession(session.id) };
}
