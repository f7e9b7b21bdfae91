import type { ClientInstrumentation } from "react-router";
import { isOutdated, reloadTo } from "./new-build.ts";
import { unloadedRoutesFor } from "./route-modules.ts";

// Client navigations, before React Router starts them (HydratedRouter's instrumentations):
// - after a new deployment was detected, a GET navigation becomes a full page load;
// - the target's route modules are loaded first, and when one fails to load (its chunk is
//   gone after a deployment) the TARGET path is loaded in full, where React Router
//   alone would reload the page the visitor is leaving.
// Both respect the reload guard (once per path in 10 s); past it, the navigation goes on.

type NavigationInfo = { to: string | number; currentUrl: string; formMethod?: string; formData?: FormData };

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

const never = () => new Promise<never>(() => {});

export const buildInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(callNavigate, info) {
        const target = navigationTarget(info, window.location.origin);
        if (target) {
          if (isOutdated() && reloadTo(target.href)) return never();
          if (!(await loadTargetModules(target)) && reloadTo(target.href)) return never();
        }
        await callNavigate();
      },
    });
  },
};
