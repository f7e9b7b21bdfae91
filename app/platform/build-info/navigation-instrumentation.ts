import type { ClientInstrumentation } from "react-router";

// Client navigations pass navigation-guard.ts before React Router starts them (HydratedRouter's
// instrumentations). Its code is not in the first load: it comes when the browser is idle
// (the shell's background part imports it) or with the first navigation, whichever is first.
export const loadNavigationGuard = () => import("./navigation-guard.ts");

const never = () => new Promise<never>(() => {});

export const buildInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(callNavigate, info) {
        const { reloadsInstead } = await loadNavigationGuard();
        if (await reloadsInstead(info)) return never();
        await callNavigate();
      },
    });
  },
};
