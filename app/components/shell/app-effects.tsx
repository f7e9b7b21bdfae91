import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { sendBeacon } from "#app/platform/http/beacon.ts";
import type { HeartbeatPayload, VisitPayload } from "#app/modules/analytics/payloads.ts";
import { watchForNewBuilds } from "#app/platform/build-info/watch-builds.ts";

/** The heartbeat interval (docs/product.md#the-shell). */
export const HEARTBEAT_INTERVAL_MS = 60_000;
const VISITORS_LOG_PATH = "/api/visitors/log";
const HEARTBEAT_PATH = "/api/heartbeat";

// Every layout renders its own shell, so the shell remounts when a navigation crosses
// layouts; the visit is still one app load, logged once per document.
let visitLogged = false;

/**
 * The shell's background work (docs/product.md#the-shell): POST /api/visitors/log once when the app mounts,
 * POST /api/heartbeat every 60 s while it is open (stopped when the shell unmounts), and the
 * poll for a new build.
 */
export function AppEffects() {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (visitLogged) return;
    visitLogged = true;
    const visit: VisitPayload = { path: path.current, referrer: document.referrer };
    void sendBeacon(VISITORS_LOG_PATH, visit);
  }, []);

  useEffect(() => {
    const interval = setInterval(() => {
      const beat: HeartbeatPayload = { path: path.current };
      void sendBeacon(HEARTBEAT_PATH, beat);
    }, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(interval);
  }, []);

  useEffect(() => watchForNewBuilds(), []);

  return null;
}
