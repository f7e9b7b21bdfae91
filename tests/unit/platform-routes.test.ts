import { beforeAll, describe, expect, it } from "vitest";
import * as contacts from "#app/routes/contacts/route.tsx";
import * as notFound from "#app/routes/not-found/route.tsx";
import * as privacy from "#app/routes/privacy-policy/route.tsx";
import * as setLocale from "#app/routes/set-locale/route.ts";
import * as setTheme from "#app/routes/set-theme/route.ts";
import * as staticPage from "#app/routes/static-page/route.tsx";
import { setConfig, loadConfig } from "#app/platform/config/config.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { callRoute, catchResponse } from "../support/route.ts";

const t = useTestDatabase();

beforeAll(async () => {
  setConfig(loadConfig({ DATA_DIR: "/tmp/portal-unit", SESSION_SECRET: "x".repeat(40) }));
  await t.db
    .insertInto("pages")
    .values([
      {
        slug: "about",
        title_uk: "Про нас",
        title_en: "About us",
        body_uk: "<p>Ми — громада.</p>",
        body_en: "<p>We are a community.</p>",
        status: "published",
        show_in_footer: true,
      },
      { slug: "only-uk", title_uk: "Лише українською", title_en: null, body_uk: "<p>Текст</p>", body_en: null, status: "published" },
      { slug: "secret-draft", title_uk: "Чернетка", body_uk: "<p>…</p>", status: "draft" },
      {
        slug: "privacy-policy",
        title_uk: "Політика конфіденційності",
        title_en: "Privacy policy",
        body_uk: "<p>Ми бережемо ваші дані.</p>",
        body_en: "<p>We protect your data.</p>",
        status: "published",
      },
      { slug: "gone", title_uk: "Видалена", body_uk: "<p>…</p>", status: "published", deleted_at: new Date() },
    ])
    .execute();
  await t.db
    .updateTable("settings")
    .set({ contact_email: "team@portal.example", contact_phone: "+48 22 000 00 00" })
    .where("id", "=", 1)
    .execute();
});

describe("static pages", () => {
  it("shows a published page in Ukrainian and in English", async () => {
    const uk = await callAppRoute(staticPage.loader, { url: "/about", params: { slug: "about" } });
    expect(uk.page.title).toEqual({ text: "Про нас", lang: "uk" });
    const en = await callAppRoute(staticPage.loader, { url: "/us/about", params: { slug: "about" } });
    expect(en.page.title).toEqual({ text: "About us", lang: "en" });
    expect(en.page.body.text).toContain("We are a community");
    expect(en.seo.title).toMatch(/^About us — /); // static page titles carry the site name
  });

  it("falls back to the Ukrainian text, marked as Ukrainian, on an English page", async () => {
    const en = await callAppRoute(staticPage.loader, { url: "/us/only-uk", params: { slug: "only-uk" } });
    expect(en.page.title).toEqual({ text: "Лише українською", lang: "uk" });
  });

  it.each(["secret-draft", "gone", "no-such-page", "us"])("answers 404 for %s", async (slug) => {
    expect(await thrownStatus(callAppRoute(staticPage.loader, { url: `/us/${slug}`, params: { slug } }))).toBe(404);
  });

  it("serves the privacy policy from the page of that slug", async () => {
    const en = await callAppRoute(privacy.loader, { url: "/us/privacy-policy" });
    expect(en.page.body.text).toContain("We protect your data");
  });
});

describe("contacts", () => {
  it("lists the contact details from settings", async () => {
    const result = await callAppRoute(contacts.loader, { url: "/nashi-kontakty" });
    expect(result.contacts.email).toBe("team@portal.example");
    expect(result.contacts.phone).toBe("+48 22 000 00 00");
    expect(result.title.text).toBe("Наші контакти");
  });
});

describe("the splat route", () => {
  it("throws a 404 for GET and POST alike", async () => {
    for (const fn of [notFound.loader, notFound.action]) {
      expect(await thrownStatus(Promise.resolve().then(fn))).toBe(404);
    }
  });
});

describe("language and theme switches", () => {
  it("sets the locale cookie and lands on the same page in the other language", async () => {
    const response = await catchResponse(
      callRoute(setLocale.loader, { url: "/set-locale/us?to=%2Fabout%3Fx%3D1", params: { locale: "us" } }),
    );
    expect(response.headers.get("Location")).toBe("/us/about?x=1");
    expect(response.headers.get("Set-Cookie")).toMatch(/^i18n_redirected=us; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const back = await catchResponse(callRoute(setLocale.loader, { url: "/set-locale/ua?to=%2Fus%2Fabout", params: { locale: "ua" } }));
    expect(back.headers.get("Location")).toBe("/about");
  });

  it("refuses foreign redirect targets", async () => {
    const response = await catchResponse(
      callRoute(setLocale.loader, { url: "/set-locale/us?to=%2F%2Fevil.example", params: { locale: "us" } }),
    );
    expect(response.headers.get("Location")).toBe("/us");
  });

  it("remembers the theme in a cookie and returns to the page", async () => {
    const response = await catchResponse(callRoute(setTheme.action, { url: "/set-theme", form: { theme: "dark", returnTo: "/us/about" } }));
    expect(response.headers.get("Location")).toBe("/us/about");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark;/);
  });
});
