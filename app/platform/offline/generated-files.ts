// Relative imports: vite.config.ts loads this module, without the app's `~` alias.
import en from "#app/locales/en/common.json" with { type: "json" };
import uk from "#app/locales/uk/common.json" with { type: "json" };
import { LOCALES, localizePath, type Language, type LocaleCode } from "#app/i18n/locales.ts";
import { escapeXml } from "#app/platform/format/escape-markup.ts";
import { manifestPath, OFFLINE_PAGE_PATHS } from "./offline-files.ts";

// Files the build writes into the client build from the interface messages (vite.config.ts,
// plugin `portal:offline`): the offline page and the web app manifest of each language.

type Messages = typeof uk;
const MESSAGES: Record<LocaleCode, Messages> = { ua: uk, us: en };
const LOCALE_OF: Record<Language, LocaleCode> = { uk: "ua", en: "us" };

/** The site's mark (public/icon.svg, components/shell/logo.tsx), inline: the page needs no request. */
const LOGO =
  '<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0057b7"/><path d="M0 16h32v8a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8z" fill="#ffd500"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2"/><ellipse cx="16" cy="16" rx="4" ry="9" fill="none" stroke="#fff" stroke-width="2"/></svg>';

// The portal's zinc palette and button (app/styles/app.css); dark follows the system, since
// the page is the same file for every visitor.
const STYLE = [
  ":root{--bg:#fff;--card:#fafafa;--border:#e4e4e7;--text:#18181b;--muted:#52525b;--primary:#09090b;--on-primary:#fff;--ring:#2563eb;color-scheme:light dark}",
  "@media (prefers-color-scheme:dark){:root{--bg:#09090b;--card:#18181b;--border:#3f3f46;--text:#f4f4f5;--muted:#a1a1aa;--primary:#fafafa;--on-primary:#09090b;--ring:#93c5fd}}",
  "*{box-sizing:border-box}",
  'html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:var(--bg);color:var(--text);line-height:1.55}',
  "body{margin:0;min-height:100vh;display:flex;flex-direction:column}",
  ".bar{border-bottom:1px solid var(--border)}",
  ".wrap{width:min(72rem,100% - 2rem);margin-inline:auto}",
  ".brand{display:inline-flex;align-items:center;gap:.5rem;padding-block:.9rem;font-weight:800;font-size:1.2rem;color:var(--text);text-decoration:none}",
  "main{flex:1;padding-block:3rem}",
  ".card{max-width:36rem;padding:1.5rem;border:1px solid var(--border);border-radius:8px;background:var(--card)}",
  "h1{margin:0 0 .75rem;font-size:1.6rem;line-height:1.2}",
  "p{margin:0 0 1.25rem;color:var(--muted)}",
  ".actions{display:flex;flex-wrap:wrap;gap:.5rem}",
  ".button{display:inline-flex;align-items:center;min-height:2.75rem;padding:.45rem 1rem;border-radius:8px;border:1px solid var(--primary);background:var(--primary);color:var(--on-primary);font-weight:600;text-decoration:none}",
  ".button--secondary{background:transparent;color:var(--text);border-color:var(--border)}",
  "a:focus-visible{outline:none;box-shadow:0 0 0 3px var(--ring)}",
].join("");

/** The page a visitor gets for a page they have not read while the network is away: static, no script. */
export function offlinePage(language: Language): string {
  const locale = LOCALE_OF[language];
  const t = MESSAGES[locale];
  const home = localizePath("/", locale);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)"><meta name="theme-color" content="#09090b" media="(prefers-color-scheme: dark)">` +
    `<title>${escapeXml(`${t.offline.title} — ${t.offline.app_name}`)}</title><style>${STYLE}</style></head>` +
    `<body><header class="bar"><div class="wrap"><a class="brand" href="${home}">${LOGO}<span>${escapeXml(t.offline.app_name)}</span></a></div></header>` +
    `<main class="wrap"><div class="card"><h1>${escapeXml(t.offline.title)}</h1><p>${escapeXml(t.offline.description)}</p>` +
    // An empty href is the address the visitor asked for: the offline page stands in for it.
    `<div class="actions"><a class="button" href="">${escapeXml(t.offline.retry)}</a><a class="button button--secondary" href="${home}">${escapeXml(t.offline.home_link)}</a></div></div></main>` +
    `</body></html>`
  );
}

/** Sizes of the icons make-icons.ts renders into public/ (the manifest test checks the files). */
const ICON_SIZES = [192, 512] as const;

/** The web app manifest of one language: its own app id and start page, one scope (the whole site). */
export function webManifest(language: Language) {
  const locale = LOCALE_OF[language];
  const t = MESSAGES[locale];
  const start = localizePath("/", locale);
  return {
    id: start,
    name: t.offline.app_name,
    short_name: t.site_name,
    description: t.offline.app_description,
    lang: LOCALES[locale].bcp47,
    dir: "ltr",
    start_url: start,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#ffffff",
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
      ...ICON_SIZES.map((size) => ({ src: `/icon-${size}.png`, type: "image/png", sizes: `${size}x${size}`, purpose: "any" })),
      ...ICON_SIZES.map((size) => ({
        src: `/icon-maskable-${size}.png`,
        type: "image/png",
        sizes: `${size}x${size}`,
        purpose: "maskable",
      })),
    ],
    shortcuts: [
      {
        name: t.offline.shortcut_search,
        url: localizePath("/search/novyny", locale),
        icons: [{ src: "/icon-192.png", type: "image/png", sizes: "192x192" }],
      },
      {
        name: t.offline.shortcut_post_advert,
        url: localizePath("/dodaty-ogoloshennya", locale),
        icons: [{ src: "/icon-192.png", type: "image/png", sizes: "192x192" }],
      },
    ],
  };
}

/** Every generated file by its path in the client build (no leading slash). */
export function generatedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const language of ["uk", "en"] as const) {
    files[OFFLINE_PAGE_PATHS[language].slice(1)] = offlinePage(language);
    files[manifestPath(LOCALE_OF[language]).slice(1)] = `${JSON.stringify(webManifest(language), null, 2)}\n`;
  }
  return files;
}
