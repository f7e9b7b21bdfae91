import type { Route } from "./+types/route";
import { StaticPageView } from "~/components/static-page-view";
import { loadStaticPage } from "~/modules/pages/page-view.server";
import { pageMeta } from "~/modules/seo/meta";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadStaticPage(params.slug, context);
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
