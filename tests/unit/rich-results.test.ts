import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { JsonLd } from "#app/components/content/json-ld.tsx";
import { parseTicketPrice, postalAddress } from "#app/platform/seo/structured-data.ts";
import { seoMeta } from "#app/platform/seo/meta.ts";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as diasporaItem from "#app/routes/diaspora-item/route.tsx";
import * as newsCategory from "#app/routes/news-category/route.tsx";
import * as newsItem from "#app/routes/news-item/route.tsx";
import * as posterCategory from "#app/routes/poster-category/route.tsx";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as serviceCategory from "#app/routes/service-category/route.tsx";
import * as serviceItem from "#app/routes/service-item/route.tsx";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callAppRoute } from "../support/app-route.ts";
import { ago, DAY, insertFixture, useUnitConfig } from "./content-support.ts";

// Rich results: the JSON-LD each item page renders, parsed back as a crawler would.

const t = useTestDatabase();

beforeAll(async () => {
  useUnitConfig();
  await insertFixture(t.db);
  const authorId = await insertRow(t.db, "users", { email: "olena@example.com", password_hash: "x", name: "Олена Коваль", role: "editor" });
  await t.db.updateTable("news").set({ author_id: authorId }).where("slug", "=", "sviato-vyshyvanky").execute();
  const ownerId = await insertRow(t.db, "users", { email: "seller@example.com", password_hash: "x" });
  const categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "zhytlo", name_uk: "Житло", name_en: "Housing" });
  const londonId = await insertRow(t.db, "locations", { slug: "london", name_uk: "Лондон", name_en: "London", position: 3 });
  const base = { owner_id: ownerId, category_id: categoryId, location_id: londonId, published_at: ago(DAY) };
  await t.db
    .insertInto("advertisements")
    .values([
      {
        ...base,
        slug: "kimnata-1",
        title: "Кімната біля метро",
        description: "Світла кімната для однієї людини, все включено.",
        price_amount: "3200",
        price_currency: "GBP",
        status: "published",
        expires_at: new Date(Date.now() + 20 * DAY),
      },
      {
        ...base,
        slug: "dyvan-2",
        title: "Диван розкладний",
        description: "Диван у доброму стані, самовивіз із центру.",
        price_amount: "150",
        price_currency: "UAH",
        status: "sold",
      },
      {
        ...base,
        slug: "knyhy-3",
        title: "Віддам дитячі книжки",
        description: "Кілька книжок для молодшого шкільного віку.",
        price_kind: "free",
        status: "published",
        expires_at: null,
      },
    ])
    .execute();
});

/** The JSON-LD as the page renders it, parsed back. */
function rendered(data: Record<string, unknown> | null | undefined): Record<string, any> {
  expect(data).toBeTruthy();
  const html = renderToStaticMarkup(createElement(JsonLd, { data: data! }));
  const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe("JSON-LD", () => {
  it("describes an advert as a Product with an Offer in its currency", async () => {
    const data = await callAppRoute(advertItem.loader, { url: "/us/advertisement/kimnata-1", params: { slug: "kimnata-1" } });
    const ld = rendered(data.jsonLd);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Кімната біля метро",
      category: "Housing",
      url: "https://portal.example/us/advertisement/kimnata-1",
    });
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: "3200", priceCurrency: "GBP", availability: "https://schema.org/InStock" });
    expect(ld.offers.availableAtOrFrom.address).toEqual({ "@type": "PostalAddress", addressLocality: "London" });
  });

  it("marks a sold advert SoldOut and a free one with price 0", async () => {
    const sold = rendered((await callAppRoute(advertItem.loader, { url: "/advertisement/dyvan-2", params: { slug: "dyvan-2" } })).jsonLd);
    expect(sold.offers).toMatchObject({ price: "150", priceCurrency: "UAH", availability: "https://schema.org/SoldOut" });
    const free = rendered((await callAppRoute(advertItem.loader, { url: "/advertisement/knyhy-3", params: { slug: "knyhy-3" } })).jsonLd);
    expect(free.offers).toMatchObject({ price: "0", availability: "https://schema.org/InStock" });
  });

  it("gives a NewsArticle its author and an image, the site's share picture when it has no cover", async () => {
    const withAuthor = rendered(
      (await callAppRoute(newsItem.loader, { url: "/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" } })).jsonLd,
    );
    expect(withAuthor).toMatchObject({ "@type": "NewsArticle", author: { "@type": "Person", name: "Олена Коваль" } });
    expect(withAuthor.image).toEqual(["https://portal.example/uploads/images/2026/11/test-cover-1024.webp"]);
    const withoutCover = rendered(
      (await callAppRoute(newsItem.loader, { url: "/novyny/tilky-ukrainskoiu", params: { slug: "tilky-ukrainskoiu" } })).jsonLd,
    );
    expect(withoutCover.author).toMatchObject({ "@type": "Organization" });
    expect(withoutCover.image).toEqual(["https://portal.example/uploads/images/share.webp"]);
  });

  it("gives an Event a Place with a PostalAddress and an Offer with price and currency", async () => {
    const ld = rendered(
      (await callAppRoute(posterItem.loader, { url: "/poster/kontsert-nadii", params: { slug: "kontsert-nadii" } })).jsonLd,
    );
    expect(ld["@type"]).toBe("Event");
    expect(ld.location).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", streetAddress: "вул. Ясна 5" } });
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: "60", priceCurrency: "PLN" });
  });

  it("gives LocalBusiness and Organization structured addresses", async () => {
    const service = rendered(
      (await callAppRoute(serviceItem.loader, { url: "/services/yurydychna-pomich", params: { slug: "yurydychna-pomich" } })).jsonLd,
    );
    expect(service["@type"]).toBe("LocalBusiness");
    expect(service.address).toMatchObject({ "@type": "PostalAddress" });
    expect(service.address.streetAddress).toBeTruthy();
    const diaspora = rendered(
      (await callAppRoute(diasporaItem.loader, { url: "/us/diaspors/hromada-berlina", params: { slug: "hromada-berlina" } })).jsonLd,
    );
    expect(diaspora).toMatchObject({ "@type": "Organization", address: { "@type": "PostalAddress", addressLocality: "Berlin" } });
  });

  it("reads ticket prices and street lines", () => {
    expect(parseTicketPrice("від 60 злотих")).toEqual({ price: "60", priceCurrency: "PLN" });
    expect(parseTicketPrice("$10, students $5")).toEqual({ price: "10", priceCurrency: "USD" });
    expect(parseTicketPrice("5 євро")).toEqual({ price: "5", priceCurrency: "EUR" });
    expect(parseTicketPrice("free entry")).toEqual({ price: "0", priceCurrency: null });
    expect(parseTicketPrice("за домовленістю")).toBeNull();
    expect(postalAddress("ul. Marszałkowska 10, Warszawa", null)).toEqual({
      "@type": "PostalAddress",
      streetAddress: "ul. Marszałkowska 10",
      addressLocality: "Warszawa",
    });
    expect(postalAddress(null, null)).toBeUndefined();
  });
});

describe("share metadata", () => {
  it("names the site and the locale with its alternate on every page", () => {
    const tags = seoMeta({ title: "T", description: "D" }, "https://portal.example", "/us", {
      name: "Ukrainian community",
      language: "en",
    });
    expect(tags).toContainEqual({ property: "og:site_name", content: "Ukrainian community" });
    expect(tags).toContainEqual({ property: "og:locale", content: "en_US" });
    expect(tags).toContainEqual({ property: "og:locale:alternate", content: "uk_UA" });
  });

  it.each([
    ["news", newsCategory, "/novyny/category/kultura", "kultura"],
    ["posters", posterCategory, "/poster/category/kontserty", "kontserty"],
    ["services", serviceCategory, "/services/category/yurysty", "yurysty"],
    ["adverts", advertCategory, "/advertisement/category/zhytlo", "zhytlo"],
  ] as const)("gives %s category pages a description of 50 to 160 characters in both languages", async (_, route, path, slug) => {
    for (const prefix of ["", "/us"]) {
      const data = (await callAppRoute(route.loader as any, { url: `${prefix}${path}`, params: { slug } })) as {
        seo: { description: string };
      };
      expect(data.seo.description.length, `${prefix}${path}`).toBeGreaterThanOrEqual(50);
      expect(data.seo.description.length, `${prefix}${path}`).toBeLessThanOrEqual(160);
    }
  });
});
