import { isOutdated, reloadTo } from "./new-build.ts";
import { unloadedRoutesFor } from "./route-modules.ts";

// What a client navigation checks before React Router starts it (navigation-instrumentation.ts):
// - after a new deployment was detected, a GET navigation becomes a full page load;
// - the target's route modules are loaded first, and when one fails to load (its chunk is
//   gone after a deployment) the TARGET path is loaded in full, where React Router
//   alone would reload the page the visitor is leaving.
// Both respect the reload guard (once per path in 10 s); past it, the navigation goes on.

export type NavigationInfo = { to: string | number; currentUrl: string; formMethod?: string; formData?: FormData };

/** The URL a GET navigation goes to; null for history steps, submissions and other origins. */
export function navigationTarget(info: NavigationInfo, origin: string): URL | null {
  if (typeof info.to !== "string") return null;
  if (info.formMethod && info.formMethod.toUpperCase() !== "GET") return null;
  const url = new URL(info.to, new URL(info.currentUrl, origin));
  if (url.origin !== origin) return null;
  if (info.formData) {
    const query = new URLSearchParams();
    for (const [key, value] of info.formData) if (typeof value === "string") query.append(key, value);
    url.search = query.toString();
  }
  return url;
}

async function loadTargetModules(url: URL): Promise<boolean> {
  try {
    await Promise.all(unloadedRoutesFor(url.pathname).map((route) => import(/* @vite-ignore */ route.module)));
    return true;
  } catch {
    return false;
  }
}

/** True when the navigation was turned into a full page load (React Router must not go on). */
export async function reloadsInstead(info: NavigationInfo): Promise<boolean> {
  const target = navigationTarget(info, window.location.origin);
  if (!target) return false;
  if (isOutdated() && reloadTo(target.href)) return true;
  return !(await loadTargetModules(target)) && reloadTo(target.href);
}
