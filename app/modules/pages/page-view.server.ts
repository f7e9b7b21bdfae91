import type { RouterContextProvider } from "react-router";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { itemTitle } from "#app/modules/content/public-page.server.ts";
import { findPublishedPage } from "./pages.server.ts";
import { notFound } from "#app/platform/http/errors.ts";

/** Loads a published page for display, or throws the 404. */
export async function loadStaticPage(slug: string, context: Readonly<RouterContextProvider>) {
  const language = getPageLanguage(context);
  const page = await findPublishedPage(slug);
  if (!page) notFound();
  const title = pickLocalized(page.title_uk, page.title_en, language);
  const body = pickLocalized(page.body_uk, page.body_en, language);
  const seoTitle = await itemTitle(
    context,
    pickLocalized(page.seo_title_uk ?? page.title_uk, page.seo_title_en ?? page.title_en, language),
  );
  const description = pickLocalized(page.seo_description_uk ?? "", page.seo_description_en, language).text || excerpt(body.text);
  return {
    page: { title, body, updatedAt: page.updated_at.toISOString() },
    seo: { title: seoTitle, description },
  };
}

function excerpt(html: string, length = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}
