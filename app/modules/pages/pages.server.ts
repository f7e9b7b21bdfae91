import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { cachedByVersion } from "#app/platform/page-cache/content-state.server.ts";

function publishedPages() {
  return getDb().selectFrom("pages").where(publiclyVisible("pages"));
}

export async function findPublishedPage(slug: string) {
  return publishedPages()
    .select([
      "id",
      "slug",
      "title_uk",
      "title_en",
      "body_uk",
      "body_en",
      "seo_title_uk",
      "seo_title_en",
      "seo_description_uk",
      "seo_description_en",
      "updated_at",
    ])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** The footer's pages, kept per process until pages change or a scheduled page goes live. */
export const listFooterPagesCached = cachedByVersion(["pages"], () => listFooterPages(), { timed: true });

export async function listFooterPages() {
  return publishedPages()
    .select(["slug", "title_uk", "title_en"])
    .where("show_in_footer", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The slugs of the published pages, kept per process until pages change (a page other parts link to may not exist yet). */
export const publishedPageSlugsCached = cachedByVersion(
  ["pages"],
  async () => new Set((await publishedPages().select("slug").execute()).map((row) => row.slug)),
  { timed: true },
);
