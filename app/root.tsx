import "./zod-csp.client.ts";
import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { ShellErrorBoundary } from "#app/components/shell-error-boundary.tsx";
import { useRootData, type RootData } from "#app/hooks/use-root-data.ts";
import { languageOf, localeFromPath, LOCALES } from "#app/i18n/locales.ts";
import { markHydrated, MessagesHint } from "#app/i18n/translate.ts";
import { getPageLanguage, translatorFor } from "#app/i18n/request.server.ts";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { imageBaseUrl, setImageBaseUrl } from "#app/platform/images/image-base.ts";
import { manifestPath } from "#app/platform/offline/offline-files.ts";
import { localeRedirectMiddleware } from "#app/middleware/locale-redirect.server.ts";
import { pathParamsMiddleware } from "#app/middleware/path-params.server.ts";
import { freshAfterWriteMiddleware } from "#app/platform/page-cache/fresh-after-write.server.ts";
import { clientSession } from "#app/modules/auth/client-session.server.ts";
import { messageStatusFor } from "#app/modules/messages/conversations.server.ts";
import { sessionMiddleware } from "#app/modules/auth/guards.server.ts";
import { sameOriginMiddleware } from "#app/platform/http/same-origin.server.ts";
import { cookielessMiddleware } from "#app/platform/http/cookieless.server.ts";
import { SessionProvider } from "#app/modules/auth/session-status.tsx";
import { loadShellData } from "#app/modules/shell/shell-data.server.ts";
import publicStylesHref from "./styles/public.css?url";

// The origin check comes after i18next, so a refused page request still gets the localized error page.
// The cookieless guard wraps them all: nothing any of them sets reaches a framed page's answer.
export const middleware: Route.MiddlewareFunction[] = [
  cookielessMiddleware,
  i18nextMiddleware,
  sameOriginMiddleware,
  pathParamsMiddleware,
  localeRedirectMiddleware,
  freshAfterWriteMiddleware,
  sessionMiddleware,
];

export const links: Route.LinksFunction = () => [
  // `precedence` makes React write it first in <head>, before the hoisted script preloads,
  // so a slow connection fetches what the first paint needs first.
  { rel: "stylesheet", href: publicStylesHref, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const meta: Route.MetaFunction = pageMeta;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const language = getPageLanguage(context);
  const { shell, headers } = await loadShellData({ request, url, language, t: translatorFor(language) });
  const session = clientSession(context);
  // Signed-in pages are never cached, so the header's unread count costs visitors nothing;
  // the messages pages read it with their own query.
  const messages = session.user ? await messageStatusFor(context, session.user.id) : null;
  return data({ ...shell, session, messages, imageBase: imageBaseUrl() } satisfies RootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const theme = root?.theme ?? "light";
  return (
    <html lang={languageOf(locale)} className={theme === "dark" ? "p-dark" : undefined} data-locale={LOCALES[locale].code}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "dark" ? "dark" : "light"} />
        {/* The browser's bar follows the theme the visitor chose (the manifest holds the light one). */}
        <meta name="theme-color" content={theme === "dark" ? "#09090b" : "#ffffff"} />
        <Meta />
        {/* No nonce on links: style-src does not use one, and the browser hides a nonce's value
            from the page, so the dev server's critical-CSS link hydrated as a mismatch. */}
        <Links nonce="" />
        {/* One web app manifest per language: the installed app's name and start page follow the page's. */}
        <link rel="manifest" href={manifestPath(locale)} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
        <MessagesHint />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { language } = loaderData;
  // Components that build image URLs in the browser must point where the server's did (S3_PUBLIC_URL).
  if (typeof document !== "undefined") setImageBaseUrl(loaderData.imageBase);
  useEffect(() => markHydrated(language, ["common"]), [language]);
  return (
    <SessionProvider initial={loaderData.session}>
      <Outlet />
    </SessionProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
