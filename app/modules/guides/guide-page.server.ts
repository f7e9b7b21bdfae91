import type { RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import { GUIDE_TOPICS, type GuideTopic } from "#db/schema.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { parsePage } from "#app/platform/lists/pagination.ts";
import { pageContext, pageReklama, publicItemPage, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { listLocations, parseTermFilter } from "#app/modules/taxonomy/public-terms.server.ts";
import { publicPathOf } from "#app/modules/staff-content/registry.ts";
import { findGuide, listGuides, type GuideDetail } from "./guides.server.ts";

// The guides' pages: the list at /dovidnyk (`?topic=` one of GUIDE_TOPICS, `?location=` a
// place's slug: its guides and those for everywhere; anything else is the 404) and a guide's page.

export const GUIDE_PAGE_DEPS: VersionedTable[] = ["guides", "locations", "settings", "reklama", "images"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

function parseTopic(url: URL): GuideTopic | null {
  const values = url.searchParams.getAll("topic");
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  if (values.length > 1) notFound();
  return GUIDE_TOPICS.find((topic) => topic === values[0]) ?? notFound();
}

export async function loadGuideList({ context, url }: Args) {
  const { language, locale, t } = pageContext(context, url);
  const topic = parseTopic(url);
  const locations = await listLocations(language);
  const location = parseTermFilter(url, "location", locations);
  const page = parsePage(url);
  const [list, reklama] = await Promise.all([
    listGuides({ language, page, topic, locationId: location?.id ?? null }),
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const heading = topic ? t(`guides.topics.${topic}`) : t("guides.title");
  const parts = [heading, location?.name.text, page > 1 ? t("pagination.page_n", { page }) : null];
  return {
    section: publicPathOf("guides"),
    ...list,
    topic,
    location: location?.slug ?? null,
    locations: locations.map(({ slug, name }) => ({ slug, name })),
    reklama,
    feed: { href: localizePath("/dovidnyk/rss.xml", locale), title: t("feed.guides_title") },
    seo: { title: await titleWithSite(parts.filter(Boolean).join(" — "), language), description: t("guides.description") },
  };
}

export async function loadGuideItem(args: Args, slug: string) {
  const section = publicPathOf("guides");
  const { item, reklama, pageUrl, seo } = await publicItemPage(args, {
    table: "guides",
    path: section,
    find: (language) => findGuide(slug, language),
  });
  return {
    section,
    item,
    outdated: item.outdated,
    reklama,
    pageUrl,
    jsonLd: guideJsonLd(item, pageUrl),
    seo: { ...seo, type: "article" as const },
  };
}

/** schema.org: a HowTo with its steps when it has steps, else an Article. */
function guideJsonLd(item: GuideDetail, pageUrl: string): Record<string, unknown> {
  const common = {
    "@context": "https://schema.org",
    name: item.title.text,
    description: item.summary.text,
    url: pageUrl,
    inLanguage: item.title.lang,
    dateModified: item.checkedAtIso ?? item.updatedAt,
    ...(item.publishedAt ? { datePublished: item.publishedAt } : {}),
  };
  if (item.steps.items.length === 0) return { ...common, "@type": "Article", headline: item.title.text };
  const supplies = item.steps.items.flatMap((step) => (step.bring ? [{ "@type": "HowToSupply", name: step.bring }] : []));
  return {
    ...common,
    "@type": "HowTo",
    ...(supplies.length ? { supply: supplies } : {}),
    step: item.steps.items.map((step, index) => ({
      "@type": "HowToStep",
      position: index + 1,
      name: step.text,
      text: step.bring ? `${step.text} — ${step.bring}` : step.text,
      url: `${pageUrl}#step-${index + 1}`,
    })),
  };
}
