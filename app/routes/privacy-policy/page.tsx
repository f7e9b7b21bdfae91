import type { Route } from "./+types/route";
import { StaticPageView } from "#app/components/static-page-view.tsx";

export default function PrivacyPolicy({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return <StaticPageView page={loaderData.page} />;
}
