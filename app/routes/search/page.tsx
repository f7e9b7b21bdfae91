import type { Route } from "./+types/route";
import { Form } from "react-router";
import { Highlighted } from "#app/components/content/highlighted.tsx";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { AppLink, LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale, usePageLanguage } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { MAX_QUERY_LENGTH, SEARCH_CATEGORIES } from "#app/modules/search/query.ts";
import { SaveSearchForm } from "#app/components/adverts/save-search-form.tsx";

export default function Search({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useContentT();
  const locale = useLocale();
  const language = usePageLanguage();
  const { category, query, results } = loaderData;
  const action = localizePath(`/search/${category}`, locale);
  const message =
    query.status === "empty"
      ? t("search.enter_query")
      : query.status === "too_short"
        ? t("search.too_short", { min: 2 })
        : query.status === "too_long"
          ? t("search.too_long", { max: MAX_QUERY_LENGTH })
          : query.status === "no_words"
            ? t("search.no_words")
            : null;
  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title">{t("search.heading")}</h1>
      <Form method="get" action={action} className="search-page__form" role="search" aria-label={t("search.heading")}>
        <label htmlFor="search-q">{t("search.label", { category: t(`search.categories.${category}`) })}</label>
        <div className="search-page__row">
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={query.text}
            key={query.text}
            maxLength={MAX_QUERY_LENGTH}
            aria-describedby={message ? "search-message" : undefined}
          />
          <button type="submit" className="button">
            {t("search.submit")}
          </button>
        </div>
        {message ? (
          <p id="search-message" className="search-page__message" role="status">
            {message}
          </p>
        ) : null}
      </Form>
      {category === "advertisement" && query.status === "ok" ? <SaveSearchForm defaultName={query.text} result={actionData} /> : null}
      <nav className="tabs" aria-label={t("search.in_sections")}>
        <ul>
          {SEARCH_CATEGORIES.map((other) => (
            <li key={other}>
              <AppLink
                to={`${localizePath(`/search/${other}`, locale)}${query.text ? `?q=${encodeURIComponent(query.text)}` : ""}`}
                aria-current={other === category ? "page" : undefined}
              >
                {t(`search.categories.${other}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {results ? (
        <>
          {results.correctedTo ? (
            <p className="search-page__corrected" role="status">
              {t("search.corrected", { query: results.correctedTo })}
            </p>
          ) : null}
          <p className="search-page__count">
            {results.total === 0
              ? t("search.nothing_found")
              : results.more
                ? t("search.found_more", { count: results.total })
                : t("search.found", { count: results.total })}
          </p>
          {results.hits.length ? (
            <ol className="search-results" start={(results.pagination.page - 1) * 12 + 1}>
              {results.hits.map((hit) => (
                <li key={hit.path} className={hit.image ? "search-result search-result--with-image" : "search-result"}>
                  {hit.image ? (
                    // The title link goes to the same page: the picture is decoration for screen readers.
                    <ResponsiveImage className="search-result__thumb" image={{ ...hit.image, alt: "" }} sizes="6rem" />
                  ) : null}
                  <div className="search-result__body">
                    <h2 className="search-result__title" lang={hit.title.lang === language ? undefined : hit.title.lang}>
                      <LocalizedLink to={hit.path}>
                        <Highlighted parts={hit.title.parts} />
                      </LocalizedLink>
                    </h2>
                    {hit.meta || hit.date || hit.section ? (
                      <p className="search-result__meta">
                        {hit.section ? (
                          <span lang={hit.section.lang === language ? undefined : hit.section.lang}>{hit.section.text}</span>
                        ) : null}
                        {hit.section && (hit.date || hit.meta) ? " · " : null}
                        {hit.date ? <time dateTime={hit.date.iso}>{hit.date.text}</time> : null}
                        {hit.date && hit.meta ? " · " : null}
                        {hit.meta}
                      </p>
                    ) : null}
                    {hit.snippet ? (
                      <p className="search-result__snippet" lang={hit.snippet.lang === language ? undefined : hit.snippet.lang}>
                        <Highlighted parts={hit.snippet.parts} />
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
          <PaginationNav pagination={results.pagination} />
        </>
      ) : null}
    </section>
  );
}
