import type { Route } from "./+types/route";
import { StaticPageView } from "#app/components/static-page-view.tsx";

export default function StaticPage({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return <StaticPageView page={loaderData.page} />;
}
