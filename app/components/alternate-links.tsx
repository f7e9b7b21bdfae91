import { useLocation } from "react-router";
import { localizePath, stripLocale } from "~/i18n/locales";

/** Canonical URL and reciprocal hreflang alternates (uk, en, x-default) for the current page. */
export function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const bare = stripLocale(pathname);
  // Only the page number changes what a list shows; other query strings share the canonical page.
  const page = new URLSearchParams(search).get("page");
  const query = page && page !== "1" ? `?page=${encodeURIComponent(page)}` : "";
  const uk = new URL(localizePath(bare, "ua") + query, origin).href;
  const en = new URL(localizePath(bare, "us") + query, origin).href;
  return (
    <>
      <link rel="canonical" href={new URL(pathname + query, origin).href} />
      <link rel="alternate" hrefLang="uk" href={uk} />
      <link rel="alternate" hrefLang="en" href={en} />
      <link rel="alternate" hrefLang="x-default" href={uk} />
    </>
  );
}
