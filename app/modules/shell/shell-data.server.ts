import { localeFromPath, type Language } from "#app/i18n/locales.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { readTheme } from "#app/platform/http/cookies.server.ts";
import { readConsent } from "#app/platform/consent/consent.server.ts";
import { MANAGE_PARAM, MANAGE_VALUE } from "#app/platform/consent/cookies.ts";
import type { Translate } from "#app/i18n/request.server.ts";
import { readFlash } from "#app/platform/http/flash.server.ts";
import { listFooterPagesCached } from "#app/modules/pages/pages.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";

/** The `common` messages of the shell's SEO defaults. */
type ShellKey = "seo_index_title" | "seo_index_description";

type ShellT = (key: ShellKey) => string;

/**
 * The shell's fixed texts of a language, translated once per process: the messages are
 * static, and translating them on every uncached page was a measurable cost (docs/adr/0033).
 */
const fixedTexts = new Map<Language, ReturnType<typeof translateFixedTexts>>();

function translateFixedTexts(t: ShellT) {
  // Shared by every request's loader data: frozen, so no page can change another's.
  return {
    seo: Object.freeze({ title: t("seo_index_title"), description: t("seo_index_description") }),
  };
}

/** What every page's shell needs: locale, theme, site contacts, footer links, a pending toast. */
export async function loadShellData({ request, url, language, t }: { request: Request; url: URL; language: Language; t: Translate }) {
  const locale = localeFromPath(url.pathname);
  const [settings, footerPages, { flash, clear }] = await Promise.all([
    getCachedSettings(),
    listFooterPagesCached(),
    readFlash(request, t),
  ]);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  let texts = fixedTexts.get(language);
  if (!texts) fixedTexts.set(language, (texts = translateFixedTexts(t)));
  const shell = {
    locale,
    language,
    theme: readTheme(request),
    origin: publicOrigin(),
    flash,
    /** Cookie consent for the banner; `manage` opens its settings (no-JS "manage" button). */
    consent: { ...readConsent(request), manage: url.searchParams.get(MANAGE_PARAM) === MANAGE_VALUE },
    seo: texts.seo,
    site: {
      name: pickLocalized(settings.site_name_uk, settings.site_name_en, language).text,
      email: settings.contact_email,
      phone: settings.contact_phone,
    },
    footerPages: footerPages.map((page) => ({
      slug: page.slug,
      title: pickLocalized(page.title_uk, page.title_en, language),
    })),
  };
  return { shell, headers };
}

export type ShellData = Awaited<ReturnType<typeof loadShellData>>["shell"];
