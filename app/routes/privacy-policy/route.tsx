import type { Route } from "./+types/route";
import { StaticPageView } from "~/components/static-page-view";
import { loadStaticPage } from "~/modules/pages/page-view.server";
import { pageMeta } from "~/modules/seo/meta";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

// The policy text is the staff-editable page with this slug.
export async function loader({ context }: Route.LoaderArgs) {
  return loadStaticPage("privacy-policy", context);
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <StaticPageView page={loaderData.page} />;
}
