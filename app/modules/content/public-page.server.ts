import type { RouterContextProvider } from "react-router";
import type { ReklamaPlacement } from "#db/schema.ts";
import { localizePath, localeFromPath, type Language, type LocaleCode } from "#app/i18n/locales.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { bannerIds, reklamaFor, type ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import type { ViewTable } from "#app/modules/analytics/counters.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { recordImpressions, recordView } from "#app/modules/analytics/page-effects.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Language, locale, the `content` namespace's `t` and the public origin of a page request. */
export function pageContext(context: Context, url: URL) {
  const language: Language = getPageLanguage(context);
  const locale: LocaleCode = localeFromPath(url.pathname);
  const t = remembered(getInstance(context).getFixedT(language, "content"), language);
  return {
    language,
    locale,
    t,
    origin: publicOrigin(),
    /** Absolute URL of a locale-free path in this page's locale. */
    absolute(path: string) {
      return new URL(localizePath(path, locale), publicOrigin()).href;
    },
  };
}

/**
 * The `content` messages page loaders asked for, by language, key and options. The messages are
 * static, and i18next's `t` (key resolution, interpolation) was over 1 % of an uncached news
 * list's CPU for its four titles. Options other than strings and numbers are not remembered.
 */
const contentMessages = new Map<string, string>();
const MAX_MESSAGES = 5_000;

function remembered<T>(t: T, language: Language): T {
  const translate = t as (key: unknown, options?: Record<string, unknown>) => unknown;
  return ((key: unknown, options?: Record<string, unknown>) => {
    if (options && !Object.values(options).every((value) => typeof value === "string" || typeof value === "number"))
      return translate(key, options);
    const id = `${language}\n${JSON.stringify(key)}\n${options ? JSON.stringify(options) : ""}`;
    const known = contentMessages.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") {
      if (contentMessages.size >= MAX_MESSAGES) contentMessages.delete(contentMessages.keys().next().value!);
      contentMessages.set(id, text);
    }
    return text;
  }) as T;
}

export async function siteName(language: Language): Promise<string> {
  const settings = await getCachedSettings();
  return pickLocalized(settings.site_name_uk, settings.site_name_en, language).text;
}

/** "Новини — Діаспора": page titles carry the site's name. */
export async function titleWithSite(title: string, language: Language): Promise<string> {
  return `${title} — ${await siteName(language)}`;
}

/**
 * "<title> (in Ukrainian) — Site": the <title> of an item page; an English page showing the
 * Ukrainian text (no English version) says so.
 */
export async function itemTitle(context: Context, title: LocalizedText): Promise<string> {
  const language = getPageLanguage(context);
  const note = title.lang === language ? "" : ` ${getInstance(context).getFixedT(language, "content")("title_in_ukrainian")}`;
  return titleWithSite(`${title.text}${note}`, language);
}

/** Active reklama of the given placements; their impressions are counted when the page is served. */
export async function pageReklama<P extends ReklamaPlacement>(
  context: Context,
  language: Language,
  placements: readonly P[],
): Promise<Record<P, ReklamaBanner[]>> {
  const banners = await reklamaFor(placements, language);
  recordImpressions(context, bannerIds(banners));
  return Object.fromEntries(placements.map((placement) => [placement, banners[placement]])) as Record<P, ReklamaBanner[]>;
}

type PublicItem = { id: number; slug: string; seo: { title: string; titleLang: Language; description: string } };

/**
 * What every public item page (news, posters, the directories) starts with: the item (the
 * 404 when it is not public), its view counted, the sidebar reklama, its absolute address and
 * its title and description for search engines; `also` loads what else the page shows, at the same time.
 */
export async function publicItemPage<Item extends PublicItem, Also = undefined>(
  { context, url }: { context: Context; url: URL },
  options: {
    table: ViewTable;
    path: string;
    find: (language: Language) => Promise<Item | null>;
    also?: (item: Item, language: Language) => Promise<Also>;
  },
) {
  const page = pageContext(context, url);
  const item = await options.find(page.language);
  if (!item) notFound();
  recordView(context, options.table, item.id);
  const [reklama, also, title] = await Promise.all([
    pageReklama(context, page.language, ["sidebar"]),
    options.also?.(item, page.language) as Promise<Also>,
    itemTitle(context, { text: item.seo.title, lang: item.seo.titleLang }),
  ]);
  return {
    ...page,
    item,
    also,
    reklama,
    pageUrl: page.absolute(`${options.path}/${item.slug}`),
    seo: { title, description: item.seo.description },
  };
}
