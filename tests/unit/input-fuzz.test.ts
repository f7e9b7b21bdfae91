// Hostile input never gets a 5xx. Every route with an action in
// app/routes.ts gets malformed bodies (wrong content types, empty, broken multipart, a huge
// field, NUL bytes, wrong intents, arrays where scalars belong, ids past int4) as an
// anonymous visitor, a user and an admin, and every form filled in plausibly but for NUL
// bytes, invalid UTF-8 or ids past int4 in all its fields; every page with a loader gets hostile query
// strings and cookies. The routes come from the route config, so a new route is fuzzed too.
import path from "node:path";
import { sql } from "kysely";
import { isRouteErrorResponse, type MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import * as root from "#app/root.tsx";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { checkFields, FORM_MAX_BYTES } from "#app/platform/http/body.server.ts";
import { makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { buildContext } from "../support/route.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";

const t = useTestDatabase();
const appDir = path.resolve(import.meta.dirname, "../../app");

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
type RouteModule = { action?: (args: any) => unknown; loader?: (args: any) => unknown; middleware?: MiddlewareFunction<Response>[] };
type Leaf = { file: string; pattern: string; chain: string[] };

/** Every route of the config with its full path pattern and its ancestors' files. */
function leaves(entries: Entry[], prefix = "", chain: string[] = []): Leaf[] {
  return entries.flatMap((entry) => {
    const own = (entry.path ?? "").replace(/^us\?\/?/, "");
    const pattern = [prefix, own].filter(Boolean).join("/");
    const here: Leaf = { file: entry.file, pattern, chain };
    return [here, ...leaves(entry.children ?? [], pattern, [...chain, entry.file])];
  });
}

const modules = new Map<string, RouteModule>();
async function load(file: string): Promise<RouteModule> {
  if (!modules.has(file)) modules.set(file, (await import(/* @vite-ignore */ path.join(appDir, file))) as RouteModule);
  return modules.get(file)!;
}

// Values for the dynamic segments: a real one first (rows made in beforeAll), then hostile ones.
const samples: Record<string, string[]> = {
  type: ["news", "advertisements", "guides", "nope"],
  id: ["1", "9999999999", "2147483648", "1e3"],
  slug: ["fuzz-item", "%00"],
  file: ["adverts-1.xml", "poster.json", "%00"],
  locale: ["ua", "zz"],
  category: ["novyny", "dovidnyk", "%00"],
  // The map's tiles and points: a real tile, then past the zoom levels and past int4.
  z: ["6", "23", "2147483648"],
  x: ["35", "%00", "-1"],
  y: ["21.mvt", "1e3.mvt", "9999999999"],
  "*": ["signout", "signin/credentials", "nope"],
  posterId: ["1", "9999999999", "2147483648"],
};

/** The concrete URLs of a pattern: one per sample of each dynamic segment (not the cross product). */
function urlsOf(pattern: string): Array<{ url: string; params: Record<string, string> }> {
  const segments = pattern.split("/").filter(Boolean);
  const names = segments.filter((s) => s.startsWith(":") || s === "*").map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));
  const widest = Math.max(1, ...names.map((name) => samples[name]?.length ?? 1));
  const out = new Map<string, { url: string; params: Record<string, string> }>();
  for (let i = 0; i < widest; i++) {
    const params: Record<string, string> = {};
    const parts = segments.map((segment) => {
      if (!segment.startsWith(":") && segment !== "*") return segment;
      const name = segment === "*" ? "*" : segment.slice(1).replace(/\?$/, "");
      const values = samples[name] ?? ["x"];
      const value = values[Math.min(i, values.length - 1)]!;
      params[name] = decodeURIComponent(value);
      return value;
    });
    const url = `/${parts.join("/")}`;
    out.set(url, { url, params });
  }
  return [...out.values()];
}

type Body = { name: string; headers: Record<string, string>; body?: BodyInit | (() => BodyInit) };

// Field names the app's forms use, each filled with the same hostile value.
const FIELDS = [
  "intent",
  "action",
  "id",
  "ids",
  "user_id",
  "target_id",
  "target_type",
  "targetType",
  "targetId",
  "theme",
  "returnTo",
  "redirect",
  "email",
  "password",
  "name",
  "title_uk",
  "title_en",
  "slug",
  "version",
  "force_version",
  "page",
  "q",
  "reason",
  "message",
  "role",
  "blocked",
  "status",
  "scope",
  "view",
  "parent_id",
  "source_ids",
  "tag_ids",
  "image_ids",
  "category",
  "categoryId",
  "locationId",
  "csrfToken",
  "callbackUrl",
  "token",
  "optional",
  "decision",
  "note",
  "position",
  "photos",
  "removePhotos",
  "priceAmount",
  "json",
  "kind",
  "stars",
  "body",
  "rating",
  "answer",
  "code",
  "newEmail",
  "currentPassword",
  "flag_hold_threshold",
  "guide_outdated_months",
  "topic",
  "steps_uk",
  "related",
  "checked_at",
  "checked_by",
  "banned_words",
  "blocked_email_domains",
  "latitude",
  "longitude",
  "near",
  "radius",
  "date",
  "occurrence",
  "repeat",
  "repeat_interval",
  "repeat_days",
  "repeat_month_week",
  "repeat_end",
  "repeat_until",
  "repeat_count",
  "starts_at",
  "note_uk",
  "userId",
  "organisationId",
  "trusted",
  "label",
  "expires_on",
  "days",
];
// The intents (and bulk actions) the app's forms post, and one that none does.
const INTENTS = [
  "save",
  "trash",
  "restore",
  "purge",
  "delete",
  "create",
  "rename",
  "up",
  "down",
  "merge",
  "approve",
  "reject",
  "hide",
  "role",
  "block",
  "profile",
  "password",
  "resend",
  "signin",
  "register",
  "forgot",
  "phone",
  "renew",
  "sold",
  "archive",
  "accept",
  "decline",
  "manage",
  "rate",
  "answer",
  "report_rating",
  "reply",
  "report",
  "unblock",
  "release_held",
  "discard_held",
  "email-change",
  "email-change-cancel",
  "rsvp",
  "date_cancel",
  "date_move",
  "date_restore",
  "invite",
  "member_role",
  "remove_member",
  "trust",
  "announce",
  "add",
  "edit",
  "thresholds",
  "zzz",
];
const HOSTILE = ["\u0000", "99999999999999999999", "9999999999", "2147483648", "-1", "1e400", "[object Object]", "a".repeat(5000), "%E0"];

function urlencoded(value: string, intent?: string): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) params.append(field, field === "intent" && intent ? intent : value);
  // Arrays where one value is expected.
  params.append("intent", value);
  params.append("id", value);
  return params.toString();
}

/** The malformed bodies every action gets; with `intents`, also each intent with hostile fields. */
function bodies(intents: boolean): Body[] {
  const boundary = "----fuzzboundary";
  const list: Body[] = [
    { name: "text/plain", headers: { "Content-Type": "text/plain" }, body: "intent=save&id=1" },
    { name: "no content type, no body", headers: {} },
    { name: "urlencoded, empty", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" },
    { name: "json", headers: { "Content-Type": "application/json" }, body: '{"intent":"save","id":[1,2]}' },
    { name: "multipart without boundary", headers: { "Content-Type": "multipart/form-data" }, body: "intent=save" },
    {
      name: "broken multipart",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--${boundary}\r\nContent-Disp`,
    },
    { name: "multipart garbage", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body: "\u0000\u0001garbage" },
    {
      name: "huge field",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: () => `intent=save&message=${"x".repeat(FORM_MAX_BYTES + 10)}`,
    },
    {
      name: "huge field, chunked",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: () => {
        const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
        let sent = 0;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ > (FORM_MAX_BYTES / chunk.byteLength) * 4) controller.close();
            else controller.enqueue(chunk);
          },
        });
      },
    },
    {
      name: "a file in a multipart form",
      headers: {},
      body: () => {
        const form = new FormData();
        for (const field of FIELDS) form.append(field, new File(["\u0000"], "x.bin"));
        return form;
      },
    },
  ];
  if (!intents) return list;
  INTENTS.forEach((intent, index) => {
    const value = HOSTILE[index % HOSTILE.length]!;
    list.push({
      name: `intent=${intent}, fields ${JSON.stringify(value.slice(0, 20))}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: urlencoded(value, intent),
    });
  });
  return list;
}

const HOSTILE_COOKIE = "theme=%E0; i18n_redirected=%E0; __session=%E0; __csrf=%E0; __flash=%E0; consent=%E0; visitor=%E0; =; ;;";

let addresses = 0;
/** The status the app would answer: a returned or thrown Response or data(); anything else thrown is a 500. */
async function statusOf(
  leaf: Leaf,
  kind: "action" | "loader",
  url: string,
  params: Record<string, string>,
  init: RequestInit & { duplex?: "half" },
) {
  const request = new Request(new URL(url, "http://localhost"), init);
  const context = buildContext(undefined);
  context.set(clientAddressContext, `2001:db8:f::${(++addresses).toString(16)}`);
  const args = { request, url: new URL(request.url), pattern: `/${leaf.pattern}`, params, context };
  const chain: MiddlewareFunction<Response>[] = [...((root as RouteModule).middleware ?? [])];
  for (const file of leaf.chain) chain.push(...((await load(file)).middleware ?? []));
  const fn = (await load(leaf.file))[kind]!;
  let result: unknown;
  const run = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      result = await fn(args);
      return new Response(null);
    }
    return (await chain[index]!(args, () => run(index + 1))) ?? new Response(null);
  };
  try {
    const response = await run(0);
    if (result === undefined && response.status !== 200) return { status: response.status };
    return { status: statusOfValue(result), value: result };
  } catch (error) {
    if (error instanceof Response) return { status: error.status };
    if (isRouteErrorResponse(error)) return { status: error.status };
    const wrapped = error as { type?: string; init?: ResponseInit | null };
    if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 500 };
    return { status: 500, error };
  }
}

function statusOfValue(value: unknown): number {
  if (value instanceof Response) return value.status;
  const wrapped = value as { type?: string; init?: ResponseInit | null } | null;
  if (wrapped && wrapped.type === "DataWithResponseInit") return wrapped.init?.status ?? 200;
  return 200;
}

/** Runs the jobs a few at a time: the database waits, the CPU does the next one. */
async function runAll(jobs: Array<() => Promise<void>>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

type Who = { name: string; cookie: string | null };
/** The kinds of the advert fields of category "fuzz-fields" (keys k_<kind>), made in beforeAll. */
const kinds = ["number", "select", "boolean", "date", "text"] as const;
let people: Who[] = [];
let categoryId = 0;

// A plausible submission of every form at once: the text fields the app's forms post, as a
// person would fill them, and the id fields with rows that exist (set in beforeAll). Each
// variant below spoils one kind of field everywhere, so the action gets past its checks
// of the others and the spoiled value would reach the database.
const TEXTS: Record<string, string> = {
  title: "Продам велосипед",
  description: "Майже новий велосипед, мало їздив, забрати в центрі.",
  contactName: "Олена",
  phone: "+380 50 123 4567",
  email: "fuzz-form@example.test",
  priceKind: "amount",
  priceAmount: "100",
  priceCurrency: "EUR",
  showPhone: "on",
  name: "Оля",
  message: "Це оголошення схоже на шахрайство.",
  reason: "other",
  targetType: "advertisement",
  returnTo: "/",
  redirect: "/",
  website: "",
  password: "a-long-password-1",
  currentPassword: "a-long-password-1",
  newPassword: "a-new-password-12",
  title_uk: "Заголовок новини",
  title_en: "A news title",
  summary_uk: "Коротко про новину.",
  body_uk: "<p>Текст новини.</p>",
  name_uk: "Назва",
  name_en: "Name",
  slug: "fuzz-new",
  status: "draft",
  q: "велосипед",
  address: "Головна 1",
  note: "Примітка",
  body: "Зустрічаємося біля входу.",
  date: "all",
  alert: "daily",
  role: "editor",
  blocked: "no",
  decision: "approve",
  theme: "dark",
};
const ID_FIELDS = [
  "id",
  "targetId",
  "advertId",
  "categoryId",
  "category_id",
  "location_id",
  "cover_image_id",
  "logo_image_id",
  "parent_id",
  "user_id",
  "tag_ids",
  "ids",
  "date",
  "userId",
  "organisationId",
];

/** The form with `spoil` applied to its texts or its ids, as urlencoded or multipart bytes. */
function plausible(intent: string | null, spoil: "nul" | "utf8" | "int4", multipart: boolean): Body {
  const fields: Array<[string, string | Uint8Array]> = [];
  if (intent) fields.push(["intent", intent]);
  for (const [name, value] of Object.entries(TEXTS)) {
    if (spoil === "nul") fields.push([name, `${value.slice(0, 4)}\u0000${value.slice(4)}`]);
    // A lone continuation byte and a truncated sequence: no UTF-8 decoder accepts either.
    else if (spoil === "utf8") fields.push([name, new Uint8Array([...new TextEncoder().encode(value), 0x80, 0xe0, 0x80])]);
    else fields.push([name, value]);
  }
  for (const name of ID_FIELDS)
    fields.push([name, spoil === "int4" ? "2147483648" : name.startsWith("categor") ? String(categoryId) : "1"]);
  const encoder = new TextEncoder();
  const bytes = (value: string | Uint8Array) => (typeof value === "string" ? encoder.encode(value) : value);
  if (!multipart) {
    const parts = fields.map(
      ([name, value]) => `${name}=${[...bytes(value)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("")}`,
    );
    return {
      name: `${spoil}, urlencoded, intent ${intent}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: parts.join("&"),
    };
  }
  const boundary = "----plausibleboundary";
  const chunks: Uint8Array[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      bytes(value),
      encoder.encode("\r\n"),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  chunks.reduce((offset, chunk) => (body.set(chunk, offset), offset + chunk.byteLength), 0);
  return { name: `${spoil}, multipart, intent ${intent}`, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body };
}

beforeAll(async () => {
  // Requests go to http://localhost with that Origin: the public origin must be the same, or every post is a 403.
  useAccountConfig({ PUBLIC_URL: "http://localhost" });
  const user = await makeUser({ role: "user" });
  const admin = await makeUser({ role: "admin" });
  people = [
    { name: "anonymous", cookie: null },
    { name: "user", cookie: await sessionCookieFor(user.id) },
    { name: "admin", cookie: await sessionCookieFor(admin.id) },
  ];
  // Something for the id and slug samples to find, so the actions get past their lookups.
  await t.db
    .insertInto("news")
    .values({ id: 1, slug: "fuzz-item", title_uk: "Новина", status: "published", published_at: new Date() })
    .execute();
  categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "fuzz-cat", name_uk: "Категорія" });
  await t.db
    .insertInto("advertisements")
    .values({
      id: 1,
      slug: "fuzz-item",
      owner_id: user.id,
      category_id: categoryId,
      title: "Оголошення",
      description: "Опис оголошення для перевірки.",
      status: "published",
      published_at: new Date(),
    })
    .execute();
  // An organisation with the admin as its owner and one of its events, for the organisations' cabinet pages.
  await t.db.insertInto("diaspors").values({ id: 1, slug: "fuzz-item", name_uk: "Громада", status: "published", trusted: true }).execute();
  await t.db
    .insertInto("organisation_members")
    .values({ diaspora_id: 1, user_id: admin.id, role: "owner", accepted_at: new Date() })
    .execute();
  await t.db
    .insertInto("posters")
    .values({
      id: 1,
      slug: "fuzz-item",
      title_uk: "Подія",
      starts_at: new Date(Date.now() + 86_400_000),
      status: "published",
      organisation_id: 1,
    })
    .execute();
  // The rows above took ids by hand: the forms' own inserts must not collide with them.
  for (const table of ["news", "advertisements", "diaspors", "posters"])
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1000)`.execute(t.db);
  // A category with a field of every kind, and one advert holding a value in each.
  const fieldCategoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "fuzz-fields", name_uk: "Поля" });
  const fields = await t.db
    .insertInto("advert_fields")
    .values(
      kinds.map((kind, position) => ({
        category_id: fieldCategoryId,
        key: `k_${kind}`,
        kind,
        label_uk: kind,
        position,
        options: JSON.stringify(kind === "select" ? [{ value: "a", label_uk: "А" }] : []),
      })),
    )
    .returning(["id", "kind"])
    .execute();
  const advertId = await insertRow(t.db, "advertisements", {
    slug: "fuzz-fields-advert",
    owner_id: user.id,
    category_id: fieldCategoryId,
    title: "Оголошення з полями",
    description: "Опис оголошення для перевірки полів.",
    status: "published",
    published_at: new Date(Date.now() - 60_000),
  });
  const stored = {
    number: { number_value: "5" },
    select: { text_value: "a" },
    boolean: { bool_value: true },
    date: { date_value: "2026-05-01" },
    text: { text_value: "x" },
  };
  await t.db
    .insertInto("advert_field_values")
    .values(fields.map((field) => ({ advertisement_id: advertId, field_id: field.id, ...stored[field.kind] })))
    .execute();
});

const histogram = new Map<number, number>();
const cpuAtStart = process.cpuUsage();
const failures: string[] = [];
afterAll(() => {
  const counts = [...histogram.entries()].sort(([a], [b]) => a - b);
  const cpu = process.cpuUsage(cpuAtStart);
  console.log(`CPU time: ${Math.round((cpu.user + cpu.system) / 1000)} ms`);
  console.log(`fuzzed requests: ${counts.reduce((sum, [, n]) => sum + n, 0)}; statuses: ${counts.map(([s, n]) => `${s}×${n}`).join(", ")}`);
});

function record(label: string, outcome: { status: number; error?: unknown }) {
  histogram.set(outcome.status, (histogram.get(outcome.status) ?? 0) + 1);
  if (outcome.status >= 500)
    failures.push(`${label} → ${outcome.status}: ${String((outcome.error as Error)?.message ?? outcome.error).slice(0, 160)}`);
}

// Thousands of requests in-process: a bound for a busy machine (PGlite under a parallel suite), not a speed claim.
describe("hostile input", { timeout: 240_000 }, () => {
  it("every action answers malformed bodies with a 4xx (or its normal answer), never a 5xx", async () => {
    failures.length = 0;
    const all = leaves(routes as Entry[]);
    const withActions: Leaf[] = [];
    for (const leaf of all) if ((await load(leaf.file)).action) withActions.push(leaf);
    expect(withActions.length).toBeGreaterThan(20);
    const jobs: Array<() => Promise<void>> = [];
    for (const leaf of withActions) {
      urlsOf(leaf.pattern).forEach(({ url, params }, index) => {
        for (const who of people) {
          // The structural bodies everywhere (at hostile URLs as the admin only); every intent with
          // hostile fields at the real URL, as whoever may use the area (public forms: everyone).
          const area = leaf.pattern.startsWith("dashboard") ? "admin" : leaf.pattern.startsWith("cabinet") ? "user" : "any";
          if (index > 0 && who.name !== "admin") continue;
          for (const body of bodies(index === 0 && (area === "any" || area === who.name))) {
            jobs.push(async () => {
              const headers = new Headers(body.headers);
              headers.set("Origin", "http://localhost");
              if (who.cookie) headers.set("Cookie", who.cookie);
              const payload = typeof body.body === "function" ? body.body() : body.body;
              record(
                `POST ${url} as ${who.name} with ${body.name}`,
                await statusOf(leaf, "action", url, params, { method: "POST", headers, body: payload, duplex: "half" }),
              );
            });
          }
        }
      });
    }
    await runAll(jobs);
    console.log(`fuzzed submissions: ${jobs.length}`);

    expect(failures).toEqual([]);
  });

  it("every form, filled in plausibly, answers NUL bytes, invalid UTF-8 and ids past int4 with a 4xx (or its normal answer)", async () => {
    failures.length = 0;
    const jobs: Array<() => Promise<void>> = [];
    for (const leaf of leaves(routes as Entry[])) {
      if (!(await load(leaf.file)).action) continue;
      const { url, params } = urlsOf(leaf.pattern)[0]!;
      const area = leaf.pattern.startsWith("dashboard") ? "admin" : leaf.pattern.startsWith("cabinet") ? "user" : "any";
      for (const who of people) {
        if (area !== "any" && area !== who.name) continue;
        for (const intent of [null, "save-search", ...INTENTS]) {
          for (const spoil of ["nul", "utf8", "int4"] as const) {
            // Raw bytes matter in multipart; urlencoded fields carry them percent-encoded.
            for (const multipart of spoil === "utf8" ? [false, true] : [false]) {
              const body = plausible(intent, spoil, multipart);
              jobs.push(async () => {
                const headers = new Headers(body.headers);
                headers.set("Origin", "http://localhost");
                if (who.cookie) headers.set("Cookie", who.cookie);
                record(
                  `POST ${url} as ${who.name} with ${body.name}`,
                  await statusOf(leaf, "action", url, params, { method: "POST", headers, body: body.body as BodyInit }),
                );
              });
            }
          }
        }
      }
    }
    await runAll(jobs);
    console.log(`plausible submissions: ${jobs.length}`);
    expect(failures).toEqual([]);
  });

  it("the edge rule: control characters but tab and line breaks dropped, id fields a positive int4 or empty", () => {
    const form = (entries: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(entries)) data.append(name, value);
      return data;
    };
    const cleaned = checkFields(
      form({ message: "a\u0000b\u0001c\u001fd\te\nf\r\ng", title: "Заголовок", id: "2147483647", parent_id: "" }),
    )!;
    expect(cleaned.get("message")).toBe("abcd\te\nf\r\ng");
    expect(cleaned.get("title")).toBe("Заголовок");
    expect(cleaned.get("id")).toBe("2147483647");
    for (const [name, value] of [
      ["id", "2147483648"],
      ["category_id", "-1"],
      ["targetId", "1e3"],
      ["tag_ids", "0"],
      ["ids", "x"],
    ]) {
      expect(checkFields(form({ [name!]: value! })), `${name}=${value}`).toBeNull();
    }
    // Names that merely contain "id" are texts.
    expect(checkFields(form({ video: "x", paid: "yes" }))?.get("paid")).toBe("yes");
  });

  it("an over-size form is refused with 413, whether Content-Length tells or not", async () => {
    const leaf = leaves(routes as Entry[]).find((entry) => entry.pattern === "report")!;
    const body = `reason=spam&message=${"x".repeat(FORM_MAX_BYTES)}`;
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" };
    expect((await statusOf(leaf, "action", "/report", {}, { method: "POST", headers, body })).status).toBe(413);
    const stream = new Blob([body]).stream();
    expect((await statusOf(leaf, "action", "/report", {}, { method: "POST", headers, body: stream, duplex: "half" })).status).toBe(413);
  });

  it("every page answers hostile query strings and cookies with a 4xx (or the page), never a 5xx", async () => {
    const keys = [
      "q",
      "page",
      "category",
      "author",
      "status",
      "view",
      "sort",
      "dir",
      "role",
      "location",
      "min",
      "max",
      "currency",
      "photos",
      "when",
      "type",
      "id",
      "token",
      "sent",
      "redirect",
      "to",
      "error",
      "manage",
      "from",
      "date",
      "year",
      "month",
      "advert",
      "organisation",
      "theme",
      "limit",
    ];
    failures.length = 0;
    // Years PostgreSQL refuses though JavaScript's Date takes them, and numbers past any column.
    const values = [...HOSTILE, "", "0x10", "0000-01-01", "1e308", "NaN"];
    const jobs: Array<() => Promise<void>> = [];
    // The root's loader (the shell: theme, locale, consent, flash) with the hostile cookies, then every page's.
    const pages: Leaf[] = [{ file: "root.tsx", pattern: "", chain: [] }];
    for (const leaf of leaves(routes as Entry[])) if ((await load(leaf.file)).loader) pages.push(leaf);
    for (const leaf of pages) {
      for (const [index, { url, params }] of urlsOf(leaf.pattern).slice(0, 2).entries()) {
        for (const value of index === 0 ? values : values.slice(0, 1)) {
          const query = keys.map((key) => `${key}=${encodeURIComponent(value).replace("%25E0", "%E0")}`).join("&");
          for (const who of [people[0]!, people[2]!]) {
            const headers = new Headers({ Cookie: [who.cookie, HOSTILE_COOKIE].filter(Boolean).join("; ") });
            jobs.push(async () =>
              record(
                `GET ${url}?${query.slice(0, 60)} as ${who.name}`,
                await statusOf(leaf, "loader", `${url}?${query}`, params, { headers }),
              ),
            );
          }
        }
        // Repeated keys where one value is expected.
        const repeated = `${url}?${keys.map((key) => `${key}=1&${key}=2`).join("&")}`;
        jobs.push(async () => record(`GET ${url} with repeated keys`, await statusOf(leaf, "loader", repeated, params, {})));
      }
    }
    await runAll(jobs);
    console.log(`fuzzed page requests: ${jobs.length}`);
    expect(failures).toEqual([]);
  });

  it("every field kind's filter ignores boundary values (years 0 and 9999, -1, 1e308, NaN, empty, 10 KB): the list, never a 5xx", async () => {
    failures.length = 0;
    const leaf = leaves(routes as Entry[]).find((entry) => entry.file === "routes/advert-category/route.tsx")!;
    const boundary = [
      "0000-01-01",
      "0000-12-31",
      "9999-12-31",
      "1899-12-31",
      "2201-01-01",
      "-0001-01-01",
      "+010000-01-01",
      "0",
      "9999",
      "-1",
      "1e308",
      "-1e308",
      "NaN",
      "Infinity",
      "-Infinity",
      "99999999999999999999",
      "999999999999",
      "1000000000",
      "0x10",
      "1_000",
      " ",
      "a".repeat(10 * 1024),
      "%E0",
      "\u0000",
    ];
    let checked = 0;
    for (const locale of ["", "/us"]) {
      for (const kind of kinds) {
        for (const suffix of [".min", ".max", ""]) {
          for (const value of boundary) {
            const name = `f.k_${kind}${suffix}`;
            const url = `${locale}/advertisement/category/fuzz-fields?${name}=${encodeURIComponent(value).replace("%25E0", "%E0")}`;
            const outcome = await statusOf(leaf, "loader", url, { slug: "fuzz-fields" }, {});
            record(`GET ${url.slice(0, 90)}`, outcome);
            checked++;
            if (outcome.status >= 500) continue;
            // A blank value is dropped from the address (a redirect); anything else is the whole list, the filter ignored.
            const label = `GET ${url.slice(0, 90)}`;
            if (value.trim() === "") {
              if (outcome.status !== 302) failures.push(`${label} → ${outcome.status}, not the redirect to the clean address`);
              continue;
            }
            if (outcome.status !== 200) failures.push(`${label} → ${outcome.status}, not the list`);
            // 0 and 9999 are a number field's fair bounds: applied, not ignored.
            if (outcome.status !== 200 || (kind === "number" && suffix && (value === "0" || value === "9999"))) continue;
            const list = outcome.value as { items: Array<{ slug: string }>; query: { fields: unknown } };
            if (JSON.stringify(list.query.fields) !== "{}") failures.push(`${label} applied ${JSON.stringify(list.query.fields)}`);
            if (list.items.length !== 1) failures.push(`${label} listed ${list.items.length} adverts`);
          }
        }
      }
    }
    console.log(`field filter boundary requests: ${checked}`);
    expect(failures).toEqual([]);
  });

  it("dashboard ids out of the int4 range are a 404, not a 500", async () => {
    const leaf = leaves(routes as Entry[]).find((entry) => entry.pattern === "dashboard/:type/edit/:id")!;
    // A session of its own: the plausible sign-ins above end the session the browser came with.
    const cookie = await sessionCookieFor((await makeUser({ role: "admin" })).id);
    const outcome = await statusOf(
      leaf,
      "loader",
      "/dashboard/news/edit/9999999999",
      { type: "news", id: "9999999999" },
      { headers: { Cookie: cookie } },
    );
    expect(outcome.status).toBe(404);
  });
});
