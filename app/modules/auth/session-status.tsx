import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { UserRole } from "#db/schema.ts";

// What the UI knows about the session: loading, authenticated or
// unauthenticated. The server renders it from the root loader; in the browser it is
// fetched again from GET /api/auth/session every 5 minutes and when the window regains
// focus. When it changed (signed out elsewhere, role changed), the page's data reloads.

type SessionStatus = "loading" | "authenticated" | "unauthenticated";
type PublicUser = { id: number; name: string; email: string; role: UserRole; emailVerified: boolean };
export type ClientSession = { status: SessionStatus; user: PublicUser | null; csrfToken: string | null };

const SESSION_REFETCH_INTERVAL_MS = 300_000;
const SESSION_ENDPOINT = "/api/auth/session";

const LOADING: ClientSession = { status: "loading", user: null, csrfToken: null };
const SessionContext = createContext<ClientSession | null>(null);

function sameSession(a: ClientSession, b: ClientSession): boolean {
  return a.status === b.status && a.user?.id === b.user?.id && a.user?.role === b.user?.role;
}

export function SessionProvider({ initial, children }: { initial: ClientSession; children: React.ReactNode }) {
  const [session, setSession] = useState<ClientSession>(initial);
  const current = useRef(session);
  current.current = session;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // A navigation or form post reloaded the root data: that is the newest word.
  useEffect(() => setSession(initial), [initial]);

  const refetch = useCallback(async () => {
    try {
      const response = await fetch(SESSION_ENDPOINT, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) return;
      const body = (await response.json()) as { user?: PublicUser | null; csrfToken?: string | null };
      const next: ClientSession = body.user
        ? { status: "authenticated", user: body.user, csrfToken: body.csrfToken ?? current.current.csrfToken }
        : { status: "unauthenticated", user: null, csrfToken: null };
      const changed = !sameSession(current.current, next);
      // A transition: parts of the page still showing the server's HTML (deferred.tsx) wait
      // for their code instead of being dropped and drawn again from nothing.
      startTransition(() => setSession(next));
      if (changed) await revalidate.current();
    } catch {
      // Offline or the server is restarting: keep what we know and try again later.
    }
  }, []);

  useEffect(() => {
    const timer = window.setInterval(refetch, SESSION_REFETCH_INTERVAL_MS);
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [refetch]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session as the UI knows it; outside the provider (error pages) from the root data, else loading. */
export function useSession(): ClientSession {
  const provided = useContext(SessionContext);
  const root = useRouteLoaderData("root") as { session?: ClientSession } | undefined;
  return provided ?? root?.session ?? LOADING;
}
