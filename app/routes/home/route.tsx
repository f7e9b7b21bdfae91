import type { Route } from "./+types/route";
import { LocalizedLink } from "~/components/localized-link";
import { useRootData } from "~/root";
import { useT } from "~/hooks/use-t";
import { pageMeta } from "~/modules/seo/meta";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function Home() {
  const { t } = useT();
  const root = useRootData();
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{root?.site.name}</h1>
        <p className="hero__lead">{t("seo_index_description")}</p>
      </section>
      {root?.footerPages.length ? (
        <section aria-labelledby="home-pages" className="home-section">
          <h2 id="home-pages">{t("home.about_us")}</h2>
          <ul className="card-list">
            {root.footerPages.map((page) => (
              <li key={page.slug} className="card">
                <LocalizedLink to={`/${page.slug}`}>{page.title.text}</LocalizedLink>
              </li>
            ))}
            <li className="card">
              <LocalizedLink to="/nashi-kontakty">{t("nav.contacts")}</LocalizedLink>
            </li>
          </ul>
        </section>
      ) : null}
    </>
  );
}
