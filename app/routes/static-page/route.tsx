import type { Route } from "./+types/route";
import { StaticPageView } from "#app/components/static-page-view.tsx";
import { loadStaticPage } from "#app/modules/pages/page-view.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadStaticPage(params.slug, context);
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
