import { fetchWithRetry } from "#app/platform/http/fetch-retry.ts";
import { claimReload } from "./reload-guard.ts";

// New build detection (docs/product.md#the-shell): the latest-build file is polled (watch-builds.ts); once its
// id differs from the build this page runs, the next client navigation becomes a full page load.

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

const LATEST_BUILD_PATH = "/builds/latest.json";
let outdated = false;

/** The build this page was loaded with: React Router's manifest version. */
function currentBuildId(): string | undefined {
  return typeof window === "undefined" ? undefined : window.__reactRouterManifest?.version;
}

export function isOutdated(): boolean {
  return outdated;
}

function markOutdated() {
  outdated = true;
  // Visible state for debugging and for tests that simulate a deployment.
  document.documentElement.dataset.buildStatus = "outdated";
}

/** Asks the server which build is current; true when it is not this page's build. */
export async function checkForNewBuild(): Promise<boolean> {
  const current = currentBuildId();
  if (!current || outdated) return outdated;
  try {
    const response = await fetchWithRetry(`${LATEST_BUILD_PATH}?${Date.now()}`, {
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { id?: unknown };
    if (typeof body.id === "string" && body.id !== current) markOutdated();
  } catch {
    // Offline or a server hiccup: ask again next time.
  }
  return outdated;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A full page load of `href`, unless the same path was reloaded within the last 10 s. */
export function reloadTo(href: string): boolean {
  const url = new URL(href, window.location.href);
  if (!claimReload(url.pathname, sessionStore())) return false;
  window.location.assign(url.href);
  return true;
}
