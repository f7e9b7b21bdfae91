// Category fields end to end through the route modules: staff define, change, reorder, remove
// and restore them on the category's page; posters fill them in (checked, kept on an error,
// stored, dropped with a category change); the advert page shows them and a job's JobPosting.
import { beforeAll, describe, expect, it } from "vitest";
import * as categoryEdit from "#app/routes/dashboard-category-edit/route.tsx";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import * as editRoute from "#app/routes/cabinet-advert-edit/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { parseFieldValue } from "#app/modules/adverts/category-field-values.ts";
import { formatPrice } from "#app/platform/format/intl.ts";
import { jobPostingJsonLd, type AdvertForJsonLd } from "#app/platform/seo/structured-data.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { callAppRoute } from "../support/app-route.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { unwrapData } from "../support/route.ts";
import { asStaff, replyOf, staff, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
let editor: Staff;
let jobs: number;
let itJobs: number;
let flats: number;
let locationId: number;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  editor = await staff("editor");
  const category = (slug: string, name_uk: string, name_en: string, parent_id: number | null = null) =>
    t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug, name_uk, name_en, parent_id })
      .returning("id")
      .executeTakeFirstOrThrow();
  jobs = (await category("robota", "Робота", "Jobs")).id;
  itJobs = (await category("it", "ІТ", "IT", jobs)).id;
  flats = (await category("kvartyry", "Квартири", "Flats")).id;
  locationId = await insertRow(t.db, "locations", { slug: "krakiv", name_uk: "Краків", name_en: "Kraków" });
});

const editPage = (id: number) => ({
  url: `/dashboard/advertisements/categories/edit-page/${id}`,
  params: { type: "advertisements", id: String(id) },
});
const onFields = (categoryId: number, form: Record<string, string>) =>
  asStaff(editor, categoryEdit.action, { ...editPage(categoryId), form });
const fieldsOf = async (categoryId: number) =>
  (await asStaff(editor, categoryEdit.loader, editPage(categoryId))).fields as Array<{
    id: number;
    key: string;
    removed_at: unknown;
    values: number;
  }>;

const EMPLOYMENT = "full_time | Повна зайнятість | Full time\npart_time | Часткова | Part time\nТимчасова | Temporary";

async function defineJobFields() {
  await onFields(jobs, {
    intent: "field-create",
    kind: "number",
    label_uk: "Зарплата від",
    label_en: "Salary from",
    // A price field's unit is its period: the currency is the advert's (field-price.ts).
    unit_uk: "на місяць",
    unit_en: "per month",
  });
  await onFields(jobs, {
    intent: "field-create",
    key: "employment",
    kind: "select",
    label_uk: "Тип зайнятості",
    label_en: "Employment type",
    options: EMPLOYMENT,
    required: "on",
  });
  await onFields(jobs, { intent: "field-create", kind: "boolean", label_uk: "Віддалено", label_en: "Remote" });
  await onFields(jobs, { intent: "field-create", kind: "date", label_uk: "Початок", label_en: "Start date" });
  await onFields(jobs, { intent: "field-create", kind: "text", label_uk: "Графік", label_en: "Schedule" });
}

describe("field values", () => {
  it("parse by kind, with a reason for each refusal", () => {
    const number = { kind: "number", required: true, options: [] } as const;
    expect(parseFieldValue(number, "12 500,5")).toEqual({ ok: true, value: { kind: "number", value: "12500.5" } });
    expect(parseFieldValue(number, "")).toEqual({ ok: false, error: { code: "required" } });
    expect(parseFieldValue(number, "дорого")).toMatchObject({ ok: false, error: { code: "not_a_number" } });
    expect(parseFieldValue(number, "-5")).toMatchObject({ ok: false, error: { code: "out_of_range" } });
    expect(parseFieldValue({ kind: "select", required: false, options: [{ value: "a" }] }, "b")).toMatchObject({
      ok: false,
      error: { code: "unknown_option" },
    });
    expect(parseFieldValue({ kind: "boolean", required: false, options: [] }, "no")).toEqual({
      ok: true,
      value: { kind: "boolean", value: false },
    });
    expect(parseFieldValue({ kind: "date", required: false, options: [] }, "2026-02-30")).toMatchObject({
      ok: false,
      error: { code: "bad_date" },
    });
    expect(parseFieldValue({ kind: "text", required: false, options: [] }, "x".repeat(201))).toMatchObject({
      ok: false,
      error: { code: "too_long", values: { max: 200 } },
    });
    expect(parseFieldValue({ kind: "text", required: false, options: [] }, "  ")).toEqual({ ok: true, value: null });
  });
});

describe("the field editor", () => {
  it("defines fields with keys from the English label, refusing bad input with messages", async () => {
    await defineJobFields();
    expect((await fieldsOf(jobs)).map((field) => field.key)).toEqual(["salary_from", "employment", "remote", "start_date", "schedule"]);
    const employment = await t.db.selectFrom("advert_fields").select("options").where("key", "=", "employment").executeTakeFirstOrThrow();
    expect(employment.options.map((option) => option.value)).toEqual(["full_time", "part_time", "temporary"]);

    const oneOption = replyOf(
      await onFields(flats, { intent: "field-create", kind: "select", label_uk: "Стан", label_en: "Condition", options: "Новий | New" }),
    );
    expect(oneOption.status).toBe(400);
    expect(oneOption.data).toMatchObject({ formId: "field-new", result: { error: { options: ["fields:editor.errors.options_few"] } } });
    const badLine = replyOf(
      await onFields(flats, {
        intent: "field-create",
        kind: "select",
        label_uk: "Стан",
        label_en: "Condition",
        options: "Новий | New\nлише одна назва",
      }),
    );
    expect(badLine.data.result.error.options).toEqual(['fields:editor.errors.option_line|{"line":2}']);
    const noLabel = replyOf(await onFields(flats, { intent: "field-create", kind: "number", label_uk: "Кімнат", label_en: "" }));
    expect(noLabel.data.result.error.label_en).toEqual(["admin:errors.required"]);
    // A subcategory shows its parent's fields, so it may not reuse their keys.
    const taken = replyOf(
      await onFields(itJobs, { intent: "field-create", key: "remote", kind: "boolean", label_uk: "Віддалено", label_en: "Remote" }),
    );
    expect(taken.data.result.error.key).toEqual(["fields:editor.errors.key_taken"]);
    const badKey = replyOf(
      await onFields(flats, { intent: "field-create", key: "9 rooms", kind: "number", label_uk: "Кімнат", label_en: "Rooms" }),
    );
    expect(badKey.data.result.error.key).toEqual(["fields:editor.errors.key"]);
    expect(await fieldsOf(flats)).toEqual([]);
  });

  it("reorders, removes and restores a field, auditing each change on the category", async () => {
    const before = await fieldsOf(jobs);
    const remote = before.find((field) => field.key === "remote")!;
    await onFields(jobs, { intent: "field-up", id: String(remote.id) });
    expect((await fieldsOf(jobs)).map((field) => field.key).slice(0, 3)).toEqual(["salary_from", "remote", "employment"]);
    await onFields(jobs, { intent: "field-down", id: String(remote.id) });
    expect((await fieldsOf(jobs)).map((field) => field.key).slice(0, 3)).toEqual(["salary_from", "employment", "remote"]);

    await onFields(jobs, { intent: "field-remove", id: String(remote.id) });
    expect((await fieldsOf(jobs)).find((field) => field.id === remote.id)?.removed_at).toBeTruthy();
    await onFields(jobs, { intent: "field-restore", id: String(remote.id) });
    expect((await fieldsOf(jobs)).find((field) => field.id === remote.id)?.removed_at).toBeNull();

    const history = (await asStaff(editor, categoryEdit.loader, editPage(jobs))).history as Array<{ action: string }>;
    expect(history.slice(0, 4).map((entry) => entry.action)).toEqual(["restore", "hide", "reorder", "reorder"]);
    expect(history.filter((entry) => entry.action === "create")).toHaveLength(5);
    // Fields are an advert category's: another kind's editor refuses them.
    const servicesId = await insertRow(t.db, "categories", { kind: "service", slug: "pravo", name_uk: "Право", name_en: "Law" });
    await expect(
      asStaff(editor, categoryEdit.action, {
        url: `/dashboard/services/categories/edit-page/${servicesId}`,
        params: { type: "services", id: String(servicesId) },
        form: { intent: "field-remove", id: String(remote.id) },
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

type Reply = { result: { initialValue?: Record<string, any> | null; error?: Record<string, string[] | null> | null } };

async function post(
  fn: (args: any) => unknown,
  url: string,
  cookie: string,
  form: Record<string, string>,
  params?: Record<string, string>,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  try {
    const { result } = await callWithSession(fn, { url, cookie, form: body, params, middleware: [authMiddleware] });
    if (result instanceof Response) return { status: result.status, reply: null as Reply | null };
    const { data, status } = unwrapData(result);
    return { status, reply: data as Reply };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, reply: null };
    throw error;
  }
}

const advertForm = (categoryId: number, fields: Record<string, string>) => ({
  title: "Фронтенд-розробник у Кракові",
  categoryId: String(categoryId),
  locationId: String(locationId),
  description: "ІТ-компанія шукає фронтенд-розробника з досвідом React від двох років.",
  priceKind: "negotiable",
  // The salary states the job's price (field-price.ts): a stated salary needs its currency.
  priceCurrency: "PLN",
  contactName: "Студія Калина",
  email: "hr@example.test",
  ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [`fields.${key}`, value])),
});

describe("posting with category fields", () => {
  let cookie: string;
  let ownerId: number;
  beforeAll(async () => {
    const user = await makeUser({ verified: true, name: "Оля" });
    ownerId = user.id;
    cookie = await sessionCookieFor(user.id);
  });

  it("refuses bad values with a message by each field and keeps what was typed", async () => {
    const form = advertForm(itJobs, {
      salary_from: "багато",
      employment: "forever",
      start_date: "2026-13-01",
      schedule: "x".repeat(250),
      unknown_key: "y".repeat(5000),
    });
    const outcome = await post(newRoute.action, "/us/dodaty-ogoloshennya", cookie, form);
    expect(outcome.status).toBe(400);
    expect(outcome.reply?.result.error).toMatchObject({
      "fields.salary_from": ["fields:errors.not_a_number"],
      "fields.employment": ["fields:errors.unknown_option"],
      "fields.start_date": ["fields:errors.bad_date"],
      "fields.schedule": ['fields:errors.too_long|{"max":200}'],
    });
    expect(outcome.reply?.result.initialValue?.fields).toMatchObject({ salary_from: "багато", employment: "forever" });
    // Shown together with the other fields' messages, not only once those are right.
    const missing = await post(newRoute.action, "/us/dodaty-ogoloshennya", cookie, { ...advertForm(itJobs, {}), title: "" });
    expect(missing.reply?.result.error?.["fields.employment"]).toEqual(["fields:errors.required"]);
    expect(missing.reply?.result.error?.title).toHaveLength(1);
    expect(await t.db.selectFrom("advertisements").select("id").where("owner_id", "=", ownerId).execute()).toEqual([]);
  });

  it("refuses boundary numbers and dates (years 0, 9999, before 1900, after 2200; -1, 1e308, NaN, 10 KB) with a 400 and a message by the field", async () => {
    // Each field's refused values, grouped by the message they get.
    const refused: Array<[key: string, values: string[], error: string]> = [
      ["start_date", ["0000-01-01", "9999-12-31", "1899-12-31", "2201-01-01"], 'fields:errors.date_out_of_range|{"min":1900,"max":2200}'],
      ["start_date", ["+010000-01-01", "NaN"], "fields:errors.bad_date"],
      ["start_date", ["d".repeat(10 * 1024)], 'fields:errors.too_long|{"max":200}'],
      ["salary_from", ["-1", "1000000000"], 'fields:errors.out_of_range|{"min":0,"max":999999999}'],
      ["salary_from", ["1e308", "NaN", "Infinity", "99999999999999999999"], "fields:errors.not_a_number"],
      ["salary_from", ["9".repeat(10 * 1024)], 'fields:errors.too_long|{"max":200}'],
      ["remote", ["2"], "fields:errors.unknown_option"],
    ];
    for (const [key, values, error] of refused) {
      for (const value of values) {
        const outcome = await post(
          newRoute.action,
          "/us/dodaty-ogoloshennya",
          cookie,
          advertForm(itJobs, { employment: "full_time", [key]: value }),
        );
        expect(outcome.status, `${key}=${value.slice(0, 20)}`).toBe(400);
        expect(outcome.reply?.result.error?.[`fields.${key}`], `${key}=${value.slice(0, 20)}`).toEqual([error]);
      }
    }
    // The years at either end are fair.
    for (const value of ["1900-01-01", "2200-12-31"]) {
      const outcome = await post(newRoute.action, "/us/dodaty-ogoloshennya", cookie, {
        ...advertForm(itJobs, { employment: "full_time", start_date: value }),
        title: "",
      });
      expect(outcome.reply?.result.error?.["fields.start_date"], value).toBeUndefined();
    }
    expect(await t.db.selectFrom("advertisements").select("id").where("owner_id", "=", ownerId).execute()).toEqual([]);
  });

  it("shows the chosen category's fields without saving or judging anything (the no-JS choose button)", async () => {
    const outcome = await post(newRoute.action, "/dodaty-ogoloshennya", cookie, {
      ...advertForm(itJobs, { salary_from: "9000" }),
      title: "",
      intent: "choose-category",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.reply?.result.error).toEqual({});
    expect(outcome.reply?.result.initialValue).toMatchObject({ categoryId: String(itJobs), fields: { salary_from: "9000" } });
  });

  it("stores valid values, updates them on edit and drops them with a category change", async () => {
    const form = advertForm(itJobs, {
      salary_from: "14 000",
      employment: "part_time",
      remote: "yes",
      start_date: "2026-12-01",
      schedule: "Пн–Пт, 9–17",
    });
    const outcome = await post(newRoute.action, "/dodaty-ogoloshennya", cookie, form);
    expect(outcome.reply?.result.error ?? null).toBeNull();
    expect(outcome.status).toBe(302);
    const advert = await t.db.selectFrom("advertisements").select(["id", "slug"]).where("owner_id", "=", ownerId).executeTakeFirstOrThrow();
    const stored = async () =>
      (
        await t.db
          .selectFrom("advert_field_values as v")
          .innerJoin("advert_fields as f", "f.id", "v.field_id")
          .select(["f.key", "v.number_value", "v.text_value", "v.bool_value"])
          .where("v.advertisement_id", "=", advert.id)
          .orderBy("f.key")
          .execute()
      ).map((row) => [row.key, row.number_value ?? row.text_value ?? row.bool_value]);
    expect(await stored()).toEqual([
      ["employment", "part_time"],
      ["remote", true],
      ["salary_from", "14000"],
      ["schedule", "Пн–Пт, 9–17"],
      ["start_date", null],
    ]);

    const editDefaults = await callWithSession(editRoute.loader, {
      url: `/cabinet/edit/${advert.id}`,
      cookie,
      params: { id: String(advert.id) },
      middleware: [authMiddleware],
    });
    expect(editDefaults.result.defaults).toMatchObject({
      "fields.salary_from": "14000",
      "fields.remote": "yes",
      "fields.start_date": "2026-12-01",
    });

    // The page: facts in the page's language, and the job's JobPosting.
    const page = await callAppRoute(advertItem.loader, { url: `/us/advertisement/${advert.slug}`, params: { slug: advert.slug } });
    // The salary is the advert's price, not a second fact.
    // The space after the symbol is whichever the runtime's ICU writes.
    expect(page.advert.price.text).toBe(`${formatPrice(14000, "PLN", "en")} per month`);
    expect(page.facts.map((fact) => [fact.label.text, fact.value.text])).toEqual([
      ["Employment type", "Part time"],
      ["Remote", "Yes"],
      ["Start date", "12/01/26"],
      ["Schedule", "Пн–Пт, 9–17"],
    ]);
    expect(page.jsonLd).toMatchObject({
      "@type": "JobPosting",
      employmentType: "PART_TIME",
      jobLocationType: "TELECOMMUTE",
      baseSalary: { "@type": "MonetaryAmount", currency: "PLN", value: { "@type": "QuantitativeValue", value: 14000, unitText: "MONTH" } },
    });

    // Removing a field hides its value but keeps it for a restore; an edit leaves it alone.
    const remote = await t.db.selectFrom("advert_fields").select("id").where("key", "=", "remote").executeTakeFirstOrThrow();
    await onFields(jobs, { intent: "field-remove", id: String(remote.id) });
    const edited = await post(
      editRoute.action,
      `/cabinet/edit/${advert.id}`,
      cookie,
      advertForm(itJobs, { salary_from: "15000", employment: "full_time" }),
      { id: String(advert.id) },
    );
    expect(edited.status).toBe(302);
    expect(await stored()).toEqual([
      ["employment", "full_time"],
      ["remote", true],
      ["salary_from", "15000"],
    ]);
    const hidden = await callAppRoute(advertItem.loader, { url: `/advertisement/${advert.slug}`, params: { slug: advert.slug } });
    expect(hidden.facts.map((fact) => fact.key)).toEqual(["employment"]);
    await onFields(jobs, { intent: "field-restore", id: String(remote.id) });

    // A kind change is refused while values exist.
    const updateField = async (id: number, form: Record<string, string>) =>
      replyOf(await onFields(jobs, { intent: "field-update", id: String(id), ...form }));
    const kind = await updateField(remote.id, { key: "remote", kind: "text", label_uk: "Віддалено", label_en: "Remote" });
    expect(kind.data.result.error.kind).toEqual(["fields:editor.errors.kind_in_use"]);
    // So is dropping an option an advert has chosen.
    const employment = await t.db.selectFrom("advert_fields").select("id").where("key", "=", "employment").executeTakeFirstOrThrow();
    const dropped = await updateField(employment.id, {
      kind: "select",
      label_uk: "Тип",
      label_en: "Type",
      options: "part_time | Часткова | Part time\ntemporary | Тимчасова | Temporary",
      required: "on",
    });
    expect(dropped.data.result.error.options).toEqual(['fields:editor.errors.option_in_use|{"values":"full_time"}']);

    const moved = await post(editRoute.action, `/cabinet/edit/${advert.id}`, cookie, advertForm(flats, {}), { id: String(advert.id) });
    expect(moved.status).toBe(302);
    expect(await stored()).toEqual([]);
  });
});

describe("JobPosting", () => {
  const advert: AdvertForJsonLd & { employer: string } = {
    title: "Кухар </script><script>alert(1)</script>",
    description: "Кафе шукає кухаря.",
    status: "published",
    price: { kind: "negotiable" },
    category: { name: { text: "Jobs" } },
    location: { text: "Kraków" },
    publishedAt: "2026-11-20T10:00:00.000Z",
    expiresAt: "2026-12-20T10:00:00.000Z",
    employer: "Кафе Калина",
  };
  const site = { name: "Діаспора", url: "https://portal.example/" };

  it("carries every required and recommended property, the salary as a range", () => {
    const ld = jobPostingJsonLd(
      advert,
      { employment: "contract", salaryFrom: 5200, salaryTo: 6000, salaryUnit: "zł / month", remote: false },
      "https://portal.example/advertisement/kukhar",
      site,
    );
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: advert.title,
      description: "Кафе шукає кухаря.",
      url: "https://portal.example/advertisement/kukhar",
      datePosted: "2026-11-20T10:00:00.000Z",
      validThrough: "2026-12-20T10:00:00.000Z",
      employmentType: "CONTRACTOR",
      hiringOrganization: { "@type": "Organization", name: "Кафе Калина" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Kraków", addressCountry: "PL" } },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "PLN",
        value: { "@type": "QuantitativeValue", minValue: 5200, maxValue: 6000, unitText: "MONTH" },
      },
      directApply: false,
    });
  });

  it("omits baseSalary without a salary (never a 0) and marks remote work with the applicants' country", () => {
    const ld = jobPostingJsonLd(
      advert,
      { employment: "full_time", salaryFrom: 0, salaryTo: null, salaryUnit: "zł / month", remote: true },
      "https://portal.example/a",
      site,
    );
    expect(ld).not.toHaveProperty("baseSalary");
    expect(ld).toMatchObject({
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "PL" },
    });
    const unknown = jobPostingJsonLd(
      advert,
      { employment: "whatever", salaryFrom: null, salaryTo: null, salaryUnit: null, remote: false },
      "https://portal.example/a",
      site,
    );
    expect(unknown).not.toHaveProperty("employmentType");
    expect(unknown).not.toHaveProperty("jobLocationType");
  });

  it("is escaped in the page so a title cannot close the script element", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { JsonLd } = await import("#app/components/content/json-ld.tsx");
    const html = renderToStaticMarkup(
      createElement(JsonLd, {
        data: jobPostingJsonLd(
          advert,
          { employment: null, salaryFrom: null, salaryTo: null, salaryUnit: null, remote: false },
          "https://portal.example/a",
          site,
        ),
      }),
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(html.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "")).title).toBe(advert.title);
  });
});
