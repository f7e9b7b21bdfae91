import type { RouterContextProvider } from "react-router";
import { buildHomeSections } from "./sections.server.ts";
import { pageContext, pageReklama } from "#app/modules/content/public-page.server.ts";

/** The home page: teaser sections and the home_top reklama. Title and description are the root's SEO defaults. */
export async function loadHome({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }) {
  const { language, t } = pageContext(context, url);
  const [sections, reklama] = await Promise.all([buildHomeSections(language, t), pageReklama(context, language, ["home_top"])]);
  return { sections, reklama };
}
