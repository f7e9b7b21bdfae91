import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { AlternateLinks } from "./components/alternate-links";
import { ShellErrorBoundary } from "./components/area-layout";
import { errorTitle } from "./components/error-view";
import { languageOf, localeFromPath, LOCALES } from "./i18n/locales";
import { getInstance, getPageLanguage, i18nextMiddleware } from "./middleware/i18next";
import { pageMeta } from "./modules/seo/meta";
import { localeRedirectMiddleware } from "./middleware/locale-redirect.server";
import { clientSession } from "./modules/auth/client-session.server";
import { sessionMiddleware } from "./modules/auth/guards.server";
import { SessionProvider } from "./modules/auth/session-status";
import { loadShellData } from "./modules/shell/shell-data.server";
import appStylesHref from "./styles/app.css?url";
import accountStylesHref from "./styles/account.css?url";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, localeRedirectMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesHref },
  { rel: "stylesheet", href: accountStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = (args) => {
  const tags = pageMeta(args);
  return tags.length || !args.error ? tags : [{ title: errorTitle(args.error, args.location.pathname) }];
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const language = getPageLanguage(context);
  const t = getInstance(context).getFixedT(language);
  const { shell, headers } = await loadShellData({ request, url, language, t: (key, values) => t(key as "site_name", values) });
  return data({ ...shell, session: clientSession(context) }, { headers });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
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
        <Meta />
        {root ? <AlternateLinks origin={root.origin} /> : null}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.language) void i18n.changeLanguage(loaderData.language);
  }, [loaderData.language, i18n]);
  return (
    <SessionProvider initial={loaderData.session}>
      <Outlet />
    </SessionProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
