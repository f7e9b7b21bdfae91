import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { loadStaticPage } from "#app/modules/pages/page-view.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

// The policy text is the staff-editable page with this slug.
export async function loader({ context }: Route.LoaderArgs) {
  return loadStaticPage("privacy-policy", context);
}

// Text and links: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
