import type { Route } from "./+types/route";
import { ReklamaSlot } from "#app/components/content/reklama-slot.tsx";
import { TeaserCard } from "#app/components/content/teaser-card.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { useT } from "#app/hooks/use-t.ts";

export default function Home({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useT();
  const root = useRootData();
  const { sections, reklama } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{root?.site.name}</h1>
        <p className="hero__lead">{t("seo_index_description")}</p>
      </section>
      <ReklamaSlot placement="home_top" banners={reklama.home_top} />
      {sections.map((section, sectionIndex) => (
        <section key={section.id} aria-labelledby={`home-${section.id}`} className="home-section">
          <div className="section-header">
            <h2 id={`home-${section.id}`}>{section.title}</h2>
            <LocalizedLink to={section.more.path}>{section.more.label}</LocalizedLink>
          </div>
          {section.items.length ? (
            <ul className="content-grid">
              {section.items.map((item, index) => (
                <li key={item.key}>
                  <TeaserCard item={item} priority={sectionIndex === 0 && index === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty-state">{section.emptyText}</p>
          )}
        </section>
      ))}
      {root?.footerPages.length ? (
        <section aria-labelledby="home-pages" className="home-section">
          <h2 id="home-pages">{t("home.about_us")}</h2>
          <ul className="inline-list">
            {root.footerPages.map((page) => (
              <li key={page.slug}>
                <LocalizedLink to={`/${page.slug}`} lang={page.title.lang === root.language ? undefined : page.title.lang}>
                  {page.title.text}
                </LocalizedLink>
              </li>
            ))}
            <li>
              <LocalizedLink to="/nashi-kontakty">{t("nav.contacts")}</LocalizedLink>
            </li>
          </ul>
        </section>
      ) : null}
    </>
  );
}
