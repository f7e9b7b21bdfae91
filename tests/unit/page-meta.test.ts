// The <head> every page gets from pageMeta (app/platform/seo/meta.ts): its own SEO with canonical
// and hreflang alternates, or on an error page only the error's title and description.
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { addMessages } from "#app/i18n/translate.ts";
import { resources } from "#app/i18n/resources.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

addMessages("uk", resources.uk);
addMessages("en", resources.en);

const root = {
  id: "root",
  loaderData: {
    seo: { title: "Діаспора", description: "Усе про громаду" },
    origin: "https://portal.example",
    language: "uk",
    site: { name: "Громада" },
  },
};
type LinkTag = { tagName: "link"; rel: string; hrefLang?: string; href: string };
const links = (tags: ReturnType<typeof pageMeta>) =>
  tags.filter((tag): tag is LinkTag => "tagName" in tag).map((tag) => `${tag.rel} ${tag.hrefLang ?? "-"} ${tag.href}`);

/** What a route's meta gets when a loader threw `data(null, { status })`. */
const thrown = (status: number) => new ErrorResponse(status, "", null);

describe("pageMeta", () => {
  it("gives a list page its canonical address with the page number and nothing else of the query", () => {
    const tags = pageMeta({ matches: [root], location: { pathname: "/us/novyny", search: "?page=3&sort=new" } });
    expect(links(tags)).toEqual([
      "canonical - https://portal.example/us/novyny?page=3",
      "alternate uk https://portal.example/novyny?page=3",
      "alternate en https://portal.example/us/novyny?page=3",
      "alternate x-default https://portal.example/novyny?page=3",
    ]);
    expect(tags).toContainEqual({ property: "og:url", content: "https://portal.example/us/novyny" });
  });

  it("drops page 1 from the canonical address", () => {
    expect(links(pageMeta({ matches: [root], location: { pathname: "/novyny", search: "?page=1" } }))[0]).toBe(
      "canonical - https://portal.example/novyny",
    );
  });

  it.each([
    [404, "/us/x", "Page Not Found: /us/x", "The page may have been removed, or the address has a typo."],
    [404, "/x", "Сторінку не знайдено: /x", undefined],
    [403, "/cabinet", undefined, undefined],
  ])("gives a %i page at %s only its title and description", (status, pathname, title, description) => {
    const tags = pageMeta({ matches: [root], location: { pathname }, error: thrown(status) });
    expect(tags).toHaveLength(2);
    expect(tags[0]).toEqual({ title: title ?? expect.any(String) });
    expect(tags[1]).toEqual({ name: "description", content: description ?? expect.any(String) });
    expect(JSON.stringify(tags)).not.toMatch(/canonical|hrefLang|og:/);
  });

  it("titles an error page in the language of its address even when no loader ran", () => {
    expect(pageMeta({ matches: [], location: { pathname: "/us/cabinet" }, error: thrown(403) })[0]).toEqual({
      title: resources.en.common.error.forbidden_title,
    });
  });
});
