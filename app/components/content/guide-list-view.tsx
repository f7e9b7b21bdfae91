import { Form, useLocation } from "react-router";
import { GUIDE_TOPICS, type GuideTopic } from "#db/schema.ts";
import { FilterSelect, termOption } from "#app/components/filter-select.tsx";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import type { GuideCard as GuideCardData } from "#app/modules/guides/guides.server.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import { SectionItemCard } from "./content-card.tsx";
import { ListPage, type ListReklama } from "./list-page.tsx";
import { Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";
import { OfflinePlace } from "#app/components/offline/offline-place.tsx";

type GuideListData = {
  section: string;
  items: GuideCardData[];
  pagination: Pagination;
  topic: GuideTopic | null;
  location: string | null;
  locations: Array<{ slug: string; name: LocalizedText }>;
  reklama: ListReklama;
  feed: { href: string; title: string };
};

/** The guides at /dovidnyk: a GET form of topic and place (works without JS), then the cards. */
const GuideListPage = ({ loaderData }: { loaderData: GuideListData }) => <GuideListView data={loaderData} />;

function GuideListView({ data }: { data: GuideListData }) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const { pathname } = useLocation();
  const place = data.locations.find((location) => location.slug === data.location);
  return (
    <ListPage
      title={data.topic ? t(`guides.topics.${data.topic}`) : t("guides.title")}
      lead={t("guides.lead")}
      items={data.items.map((item) => ({ key: item.id, node: <GuideCard item={item} section={data.section} /> }))}
      emptyText={t("guides.empty")}
      pagination={data.pagination}
      reklama={data.reklama}
      feed={data.feed}
    >
      <div className="list-tools">
        <Form method="get" action={pathname} className="filter-form" role="search" aria-label={t("filter.label")}>
          <FilterSelect
            key={`topic-${data.topic ?? ""}`}
            id="guide-topic"
            className="filter-form__check"
            name="topic"
            label={t("guides.topic")}
            anyLabel={t("guides.all_topics")}
            defaultValue={data.topic ?? ""}
            options={GUIDE_TOPICS.map((topic) => ({ value: topic, label: t(`guides.topics.${topic}`) }))}
          />
          {data.locations.length ? (
            <FilterSelect
              key={`location-${data.location ?? ""}`}
              id="guide-location"
              className="filter-form__check"
              name="location"
              label={t("guides.place")}
              anyLabel={t("guides.all_places")}
              defaultValue={data.location ?? ""}
              options={data.locations.map((location) => termOption(location, language))}
            />
          ) : null}
          <button type="submit" className="button button--secondary">
            {t("filter.apply")}
          </button>
        </Form>
      </div>
      {place ? <OfflinePlace near={{ near: place.slug, radius: null, sort: null }} placeName={place.name.text} /> : null}
    </ListPage>
  );
}

function GuideCard({ item, section }: { item: GuideCardData; section: string }) {
  const { t } = useContentT();
  return (
    // Guides are text: the topic's icon sits small beside the title (the logo layout), not a picture's worth of placeholder.
    <SectionItemCard section={section} kind="dovidnyk" logo item={{ ...item, image: null, category: { slug: item.topic } }}>
      <p className="content-card__meta">
        {t(`guides.topics.${item.topic}`)}
        {item.location ? (
          <>
            {" · "}
            <Localized text={item.location} />
          </>
        ) : null}
      </p>
      {item.summary.text ? <Localized as="p" className="content-card__text" text={item.summary} /> : null}
      {item.checkedAt ? (
        <p className="content-card__meta">
          {t("guides.checked")} <time dateTime={item.checkedAt.iso}>{item.checkedAt.text}</time>
        </p>
      ) : null}
    </SectionItemCard>
  );
}

export default GuideListPage;
