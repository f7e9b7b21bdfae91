import type { GuideDetail } from "#app/modules/guides/guides.server.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { langAttr } from "#app/platform/format/localized.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { Fact, ItemBreadcrumbs, ItemFooter, ItemLayout, TextFact } from "./item-layout.tsx";
import { Localized, LocalizedHtml } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

type GuideItemData = {
  section: string;
  item: GuideDetail;
  outdated: boolean;
  reklama: { sidebar: ReklamaBanner[] };
  pageUrl: string;
  jsonLd: Record<string, unknown>;
};

/** A guide's page: when it was checked (and a notice when that is long ago), its contents, text, steps and related pages. */
const GuideItemPage = ({ loaderData }: { loaderData: GuideItemData }) => <GuideItemView {...loaderData} />;

function GuideItemView({ section, item, outdated, reklama, pageUrl, jsonLd }: GuideItemData) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const steps = item.steps.items;
  const toc = [...item.toc, ...(steps.length ? [{ id: "steps", text: t("guides.steps"), level: 2 as const }] : [])];
  return (
    <ItemLayout sidebar={reklama.sidebar}>
      <ItemBreadcrumbs section={section} label={t("guides.title")} category={null} />
      <header className="item__header">
        <Localized as="h1" id="item-title" text={item.title} />
      </header>
      {outdated ? (
        <div className="notice notice--warn guide__outdated" role="note">
          <p>{t("guides.outdated", { date: item.checkedAt?.text ?? "" })}</p>
        </div>
      ) : null}
      <dl className="facts">
        <Fact term={t("guides.topic")}>
          <LocalizedLink to={`${section}?topic=${item.topic}`}>{t(`guides.topics.${item.topic}`)}</LocalizedLink>
        </Fact>
        <TextFact term={t("item.location")} text={item.location} />
        {item.checkedAt ? (
          <Fact term={t("guides.checked")}>
            <time dateTime={item.checkedAt.iso}>{item.checkedAt.text}</time>
            {item.checkedBy ? ` · ${item.checkedBy}` : null}
          </Fact>
        ) : null}
      </dl>
      {item.summary.text ? <Localized as="p" className="item__lead" text={item.summary} /> : null}
      {toc.length > 1 ? (
        <nav className="guide__toc" aria-labelledby="guide-toc-title">
          <h2 id="guide-toc-title">{t("guides.contents")}</h2>
          <ol>
            {toc.map((entry) => (
              <li key={entry.id} className={entry.level === 3 ? "guide__toc-sub" : undefined}>
                <a href={`#${entry.id}`}>{entry.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <LocalizedHtml className="prose" html={item.body} />
      {steps.length ? (
        <section className="guide__steps" aria-labelledby="steps">
          <h2 id="steps">{t("guides.steps")}</h2>
          <ol lang={langAttr({ text: "", lang: item.steps.lang }, language)}>
            {steps.map((step, index) => (
              <li key={index} id={`step-${index + 1}`}>
                {step.text}
                {step.bring ? (
                  <p className="guide__bring">
                    <strong>{t("guides.bring")}</strong> {step.bring}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {item.related.length ? (
        <section className="guide__related" aria-labelledby="guide-related-title">
          <h2 id="guide-related-title">{t("guides.related")}</h2>
          <ul>
            {item.related.map((link) => (
              <li key={link.path}>
                <LocalizedLink to={link.path}>
                  <Localized text={link.title} />
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="guide__ask">{t("guides.ask")}</p>
      <ItemFooter
        views={item.viewCount}
        pageUrl={pageUrl}
        title={item.title.text}
        report={{ targetType: "guide", targetId: item.id }}
        jsonLd={jsonLd}
      />
    </ItemLayout>
  );
}

export default GuideItemPage;
