import { sql } from "kysely";
import type { Language } from "~/i18n/locales";
import { pickLocalized, type LocalizedText } from "../content/localized.ts";
import { publiclyVisible } from "../content/visibility.server.ts";
import { getDb } from "../db/db.server.ts";
import { cardCategory, CATEGORY_SELECT } from "../listing/card-taxonomy.ts";
import { displayDate, formatLongDate, type DisplayDate } from "../listing/dates.ts";
import { displayImage, IMAGE_SELECT, type DisplayImage } from "../listing/images.ts";
import { fetchListPage } from "../listing/pagination.ts";
import { excerpt, stripHtml } from "../listing/text.ts";

// Published news: status published, not deleted, publication time reached. Drafts,
// archived and scheduled (future published_at) items are never shown.

export type NewsCard = {
  id: number;
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  date: DisplayDate;
  image: DisplayImage | null;
  category: { slug: string; name: LocalizedText } | null;
};

export type NewsArticle = NewsCard & {
  body: LocalizedText;
  longDate: string;
  publishedAt: string;
  updatedAt: string;
  viewCount: number;
  /** The staff author's name, for structured data. */
  authorName: string | null;
  tags: Array<{ slug: string; name: LocalizedText }>;
  seo: { title: string; titleLang: Language; description: string };
};

function visibleNews() {
  return getDb()
    .selectFrom("news")
    .where(publiclyVisible("news"));
}

function cardQuery() {
  return visibleNews()
    .leftJoin("images as img", "img.id", "news.cover_image_id")
    .leftJoin("categories as cat", "cat.id", "news.category_id")
    .select([
      "news.id",
      "news.slug",
      "news.title_uk",
      "news.title_en",
      "news.summary_uk",
      "news.summary_en",
      // The start of the body stands in for a missing summary; lists never need the whole body.
      sql<string>`left(news.body_uk, 800)`.as("body_uk_start"),
      sql<string | null>`left(news.body_en, 800)`.as("body_en_start"),
      "news.published_at",
      ...CATEGORY_SELECT,
      ...IMAGE_SELECT,
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

/** Card images are at most ~36rem wide in the layout: 640 px suits most phones at 2x. */
const CARD_IMAGE_WIDTH = 640;

function toCard(row: CardRow, language: Language): NewsCard {
  const title = pickLocalized(row.title_uk, row.title_en, language);
  const written = pickLocalized(row.summary_uk, row.summary_en, language);
  const bodyStart = pickLocalized(row.body_uk_start, row.body_en_start, language);
  const summary = written.text.trim() ? written : { lang: bodyStart.lang, text: excerpt(stripHtml(bodyStart.text)) };
  return {
    id: row.id,
    slug: row.slug,
    title,
    summary,
    date: displayDate(row.published_at!, language),
    image: displayImage(row, language, CARD_IMAGE_WIDTH, title.text),
    category: cardCategory(row, language),
  };
}

export async function listNews(options: { language: Language; page: number; categoryId?: number }) {
  const { language, page, categoryId } = options;
  let count = visibleNews().select((eb) => eb.fn.countAll<number>().as("total"));
  let rows = cardQuery().orderBy("news.published_at", "desc").orderBy("news.id", "desc");
  if (categoryId !== undefined) {
    count = count.where("news.category_id", "=", categoryId);
    rows = rows.where("news.category_id", "=", categoryId);
  }
  return fetchListPage(count, rows, page, (row) => toCard(row, language));
}

export async function latestNews(language: Language, limit: number): Promise<NewsCard[]> {
  const rows = await cardQuery().orderBy("news.published_at", "desc").orderBy("news.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findNews(slug: string, language: Language): Promise<NewsArticle | null> {
  const row = await cardQuery()
    .select([
      "news.body_uk",
      "news.body_en",
      "news.category_id",
      "news.updated_at",
      "news.view_count",
      "news.seo_title_uk",
      "news.seo_title_en",
      "news.seo_description_uk",
      "news.seo_description_en",
      (eb) => eb.selectFrom("users").select("users.name").whereRef("users.id", "=", "news.author_id").as("author_name"),
    ])
    .where("news.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const tags = await getDb()
    .selectFrom("news_tags")
    .innerJoin("tags", "tags.id", "news_tags.tag_id")
    .select(["tags.slug", "tags.name_uk", "tags.name_en"])
    .where("news_tags.news_id", "=", row.id)
    .orderBy("tags.name_uk")
    .execute();
  const card = toCard(row, language);
  const body = pickLocalized(row.body_uk, row.body_en, language);
  const seoTitle = pickLocalized(row.seo_title_uk ?? row.title_uk, row.seo_title_en ?? row.title_en, language);
  const seoDescription =
    pickLocalized(row.seo_description_uk ?? "", row.seo_description_en, language).text ||
    excerpt(stripHtml(card.summary.text), 160);
  return {
    ...card,
    // The article page shows the cover large: up to the 1024 variant in `src`, all widths in srcset.
    image: displayImage(row, language, 1024, card.title.text),
    body,
    longDate: formatLongDate(row.published_at!, language),
    publishedAt: row.published_at!.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    viewCount: row.view_count,
    authorName: row.author_name || null,
    tags: tags.map((tag) => ({ slug: tag.slug, name: pickLocalized(tag.name_uk, tag.name_en, language) })),
    seo: { title: seoTitle.text, titleLang: seoTitle.lang, description: seoDescription },
  };
}

/** Newest news of the same category, then of shared tags, never the article itself. */
export async function relatedNews(article: { id: number; category: { slug: string } | null }, language: Language, limit = 3): Promise<NewsCard[]> {
  const base = () =>
    cardQuery().where("news.id", "!=", article.id).orderBy("news.published_at", "desc").orderBy("news.id", "desc").limit(limit);
  const sameCategory = article.category ? await base().where("cat.slug", "=", article.category.slug).execute() : [];
  let rows = sameCategory;
  if (rows.length < limit) {
    const seen = new Set(rows.map((row) => row.id));
    const byTag = await base()
      .where("news.id", "in", (eb) =>
        eb
          .selectFrom("news_tags as theirs")
          .innerJoin("news_tags as ours", "ours.tag_id", "theirs.tag_id")
          .select("theirs.news_id")
          .where("ours.news_id", "=", article.id),
      )
      .execute();
    rows = [...rows, ...byTag.filter((row) => !seen.has(row.id))].slice(0, limit);
  }
  return rows.map((row) => toCard(row, language));
}

/** For RSS: the newest items with their publication time. */
export async function newsForFeed(language: Language, options: { categoryId?: number; limit?: number } = {}) {
  let query = cardQuery().orderBy("news.published_at", "desc").orderBy("news.id", "desc").limit(options.limit ?? 30);
  if (options.categoryId !== undefined) query = query.where("news.category_id", "=", options.categoryId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...toCard(row, language), publishedAt: row.published_at! }));
}
