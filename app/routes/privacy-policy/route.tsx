import type { Route } from "./+types/route";
import { StaticPageView } from "#app/components/static-page-view.tsx";
import { loadStaticPage } from "#app/modules/pages/page-view.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

// The policy text is the staff-editable page with this slug.
export async function loader({ context }: Route.LoaderArgs) {
  return loadStaticPage("privacy-policy", context);
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
