// Posting and editing adverts through their route modules, as the app runs them (i18n,
// session, the `auth` guard): photos stored once and kept across failed submits, refused
// files with messages and nothing stored, ownership, the cabinet's actions.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { bombPngBytes } from "../support/images.ts";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as cabinetAdverts from "#app/routes/cabinet-adverts/route.tsx";
import * as editRoute from "#app/routes/cabinet-advert-edit/route.tsx";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { imageFilePath } from "#app/platform/images/process.server.ts";
import { deleteUnclaimedUploads, UNCLAIMED_TTL_MS, unclaimedUploads } from "#app/modules/adverts/photos.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { unwrapData } from "../support/route.ts";

const t = useTestDatabase();
let categoryId: number;
let locationId: number;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertRow(t.db, "categories", {
    kind: "advertisement",
    slug: "elektronika",
    name_uk: "Електроніка",
    name_en: "Electronics",
  });
  locationId = await insertRow(t.db, "locations", { slug: "krakiv", name_uk: "Краків", name_en: "Kraków" });
});

type Reply = {
  result: { status?: string; initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
  photos: Array<{ id: number; src: string }>;
};
type Outcome = { status: number; response?: Response; reply?: Reply; headers?: Headers };

async function call(
  fn: (args: any) => unknown,
  options: {
    url: string;
    cookie: string;
    form?: FormData | Record<string, string>;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<Outcome> {
  try {
    const { result } = await callWithSession(fn, { ...options, middleware: [authMiddleware] });
    if (result instanceof Response) return { status: result.status, response: result };
    const { data, status, headers } = unwrapData(result);
    return { status, reply: data as Reply, headers };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error };
    const status = (error as { init?: ResponseInit })?.init?.status;
    if (typeof status === "number") return { status };
    throw error;
  }
}

function fields(overrides: Record<string, string | string[] | File | File[]> = {}): FormData {
  const values: Record<string, string | string[] | File | File[]> = {
    title: "Ноутбук Lenovo ThinkPad T14",
    categoryId: String(categoryId),
    locationId: String(locationId),
    description: "Продаю ноутбук у дуже доброму стані, батарея тримає 8 годин.",
    priceKind: "amount",
    priceAmount: "2800",
    priceCurrency: "PLN",
    contactName: "Оля",
    phone: "+48 501 234 567",
    showPhone: "on",
    email: "olia@example.test",
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) for (const v of [value].flat()) form.append(key, v);
  return form;
}

/** The owner's edit form for the advert, sent with the sample fields changed by `overrides`. */
function editAdvert(cookie: string, advertId: number, overrides: Parameters<typeof fields>[0]) {
  return call(editRoute.action, { url: `/cabinet/edit/${advertId}`, cookie, params: { id: String(advertId) }, form: fields(overrides) });
}

async function photo(name = "photo.jpg", options: { gps?: boolean; width?: number } = {}): Promise<File> {
  let image = sharp({ create: { width: options.width ?? 900, height: 600, channels: 3, background: "#3a7" } }).jpeg();
  if (options.gps) {
    image = image.withExif({
      IFD0: { Artist: "Secret Photographer" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "30/1 31/1 0/1" },
    });
  }
  return new File([new Uint8Array(await image.toBuffer())], name, { type: "image/jpeg" });
}

/** A valid PNG header declaring 20000x20000 with a token IDAT: a decompression bomb. */
function bombPng(): File {
  return new File([new Uint8Array(bombPngBytes())], "huge.png", { type: "image/png" });
}

function storedFiles(): string[] {
  const dir = path.join(getConfig().paths.uploads, "images");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function signedIn(options: { verified?: boolean } = {}) {
  const user = await makeUser({ verified: options.verified ?? true, name: "Оля" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

async function advertsOf(ownerId: number) {
  return t.db.selectFrom("advertisements").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute();
}

async function photoIdsOf(advertId: number) {
  const rows = await t.db
    .selectFrom("advertisement_images")
    .select("image_id")
    .where("advertisement_id", "=", advertId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.image_id);
}

describe("posting an advert", () => {
  it("the form needs a signed-in user, in the loader and in the action", async () => {
    const loader = await call(newRoute.loader, { url: "/dodaty-ogoloshennya", cookie: "" });
    expect(loader.status).toBe(302);
    expect(loader.response?.headers.get("Location")).toBe("/login?redirect=%2Fdodaty-ogoloshennya");
    const action = await call(newRoute.action, { url: "/us/cabinet/add-advertisement", cookie: "", form: fields() });
    expect(action.status).toBe(302);
    expect(action.response?.headers.get("Location")).toBe("/us/login?redirect=%2Fus%2Fcabinet%2Fadd-advertisement");
  });

  it("prefills the contact fields from the profile", async () => {
    const { user, cookie } = await signedIn();
    const { result } = await callWithSession(newRoute.loader, { url: "/dodaty-ogoloshennya", cookie, middleware: [authMiddleware] });
    expect(result.defaults).toMatchObject({ contactName: "Оля", email: user.email });
    expect(result.verified).toBe(true);
    expect(result.options.categories.map((c) => c.id)).toEqual([categoryId]);
    expect(result.options.maxPhotos).toBe(10);
  });

  it("publishes an advert with two photos: stored once as webp without EXIF GPS, in order", async () => {
    const { user, cookie } = await signedIn();
    const before = storedFiles().length;
    const outcome = await call(newRoute.action, {
      url: "/dodaty-ogoloshennya",
      cookie,
      form: fields({ newPhotos: [await photo("first.jpg", { gps: true, width: 1400 }), await photo("second.jpg")] }),
    });
    expect(outcome.status).toBe(302);
    expect(outcome.response?.headers.get("Location")).toBe("/cabinet/advertisement");
    const [advert] = await advertsOf(user.id);
    expect(advert).toMatchObject({
      status: "published",
      title: "Ноутбук Lenovo ThinkPad T14",
      price_kind: "amount",
      price_currency: "PLN",
      show_phone: true,
    });
    expect(Number(advert!.price_amount)).toBe(2800);
    expect(advert!.slug).toMatch(/^noutbuk-lenovo-thinkpad-t14-[0-9a-z]{6}$/);
    expect(advert!.expires_at!.getTime() - advert!.published_at!.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const ids = await photoIdsOf(advert!.id);
    expect(ids).toHaveLength(2);
    expect(await unclaimedUploads(user.id)).toEqual([]);
    const images = await t.db.selectFrom("images").select(["id", "key", "variants", "owner_id"]).where("id", "in", ids).execute();
    const first = images.find((image) => image.id === ids[0])!;
    expect(first.owner_id).toBe(user.id);
    expect(first.variants).toEqual([320, 640, 1024, 1400]);
    for (const width of first.variants) {
      const meta = await sharp(imageFilePath(getConfig().paths.uploads, first.key, width)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
    // Two photos: 4 + 3 variants (the second is 900 px wide), nothing else written.
    expect(storedFiles().length - before).toBe(7);
  });

  it("an invalid price with a valid photo comes back with the message, every field, and the photo attached", async () => {
    const { user, cookie } = await signedIn();
    const first = await call(newRoute.action, {
      url: "/us/dodaty-ogoloshennya",
      cookie,
      form: fields({ priceAmount: "дорого", newPhotos: await photo("kept.jpg") }),
    });
    expect(first.status).toBe(400);
    expect(first.reply!.result.error?.priceAmount).toEqual(["adverts:errors.price_invalid"]);
    expect(first.reply!.result.initialValue).toMatchObject({
      title: "Ноутбук Lenovo ThinkPad T14",
      priceAmount: "дорого",
      description: expect.stringContaining("ноутбук"),
    });
    expect(first.reply!.photos).toHaveLength(1);
    const photoId = first.reply!.photos[0]!.id;
    expect(first.reply!.photos[0]!.src).toMatch(/^\/uploads\/images\/.+-320\.webp$/);
    expect(first.reply!.result.initialValue?.photos).toEqual(String(photoId));
    expect(await advertsOf(user.id)).toHaveLength(0);
    expect(await unclaimedUploads(user.id)).toEqual([photoId]);

    // The corrected form posts the kept photo by id: the advert gets it, nothing is uploaded again.
    const files = storedFiles().length;
    const second = await call(newRoute.action, {
      url: "/us/dodaty-ogoloshennya",
      cookie,
      form: fields({ priceAmount: "2 800,50", photos: String(photoId) }),
    });
    expect(second.status).toBe(302);
    expect(second.response?.headers.get("Location")).toBe("/us/cabinet/advertisement");
    const [advert] = await advertsOf(user.id);
    expect(Number(advert!.price_amount)).toBe(2800.5);
    expect(await photoIdsOf(advert!.id)).toEqual([photoId]);
    expect(storedFiles().length).toBe(files);
  });

  it.each([
    [
      "a 20 MB file",
      async () => new File([new Uint8Array(20 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }),
      "adverts:errors.photo_too_large",
    ],
    [
      "a text file named .jpg",
      async () => new File(["just some text, not a picture"], "notes.jpg", { type: "image/jpeg" }),
      "adverts:errors.photo_not_an_image",
    ],
    ["a 20000x20000 PNG", async () => bombPng(), "adverts:errors.photo_too_many_pixels"],
  ])("refuses %s with a message; nothing is stored, the other fields are kept", async (_label, makeFile, message) => {
    const { user, cookie } = await signedIn();
    const files = storedFiles().length;
    const images = await t.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const file = await makeFile();
    const outcome = await call(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: fields({ newPhotos: file }) });
    expect(outcome.status).toBe(400);
    const errors = outcome.reply!.result.error?.newPhotos ?? [];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.startsWith(`${message}|`)).toBe(true);
    expect(JSON.parse(errors[0]!.split("|")[1]!).name).toBe(file.name);
    expect(outcome.reply!.result.initialValue).toMatchObject({ title: "Ноутбук Lenovo ThinkPad T14" });
    expect(outcome.reply!.photos).toEqual([]);
    expect(storedFiles().length).toBe(files);
    const after = await t.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(images.n));
    expect(await advertsOf(user.id)).toHaveLength(0);
  });

  it("refuses a body over the limit early with 413 and a message, reading none of it", async () => {
    const { cookie } = await signedIn();
    await t.db.updateTable("settings").set({ advert_max_images: 1 }).execute();
    try {
      const files = storedFiles().length;
      // Announced too large (Content-Length): refused from the header alone.
      const announced = await call(newRoute.action, {
        url: "/dodaty-ogoloshennya",
        cookie,
        headers: { "Content-Length": String(12 * 1024 * 1024) },
        form: { title: "short body, large announcement" },
      });
      expect(announced.status).toBe(413);
      expect(announced.reply!.result.error?.[""]).toEqual(['adverts:errors.body_too_large|{"max":11,"each":10}']);
      // Not announced (chunked): refused once the stream passes the limit (1 photo: 11 MB).
      const streamed = await call(newRoute.action, {
        url: "/dodaty-ogoloshennya",
        cookie,
        form: fields({ newPhotos: new File([new Uint8Array(20 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }) }),
      });
      expect(streamed.status).toBe(413);
      expect(storedFiles().length).toBe(files);
    } finally {
      await t.db.updateTable("settings").set({ advert_max_images: 10 }).execute();
    }
  });

  it("keeps to the photo limit from settings", async () => {
    const { user, cookie } = await signedIn();
    await t.db.updateTable("settings").set({ advert_max_images: 2 }).execute();
    try {
      const outcome = await call(newRoute.action, {
        url: "/dodaty-ogoloshennya",
        cookie,
        form: fields({ newPhotos: [await photo("1.jpg"), await photo("2.jpg"), await photo("3.jpg")] }),
      });
      expect(outcome.status).toBe(400);
      expect(outcome.reply!.photos).toHaveLength(2);
      expect(outcome.reply!.result.error?.newPhotos?.[0]).toMatch(/^adverts:errors\.photo_too_many\|/);
      expect(await unclaimedUploads(user.id)).toHaveLength(2);
    } finally {
      await t.db.updateTable("settings").set({ advert_max_images: 10 }).execute();
    }
  });

  it("a photo uploaded by one user cannot be attached by another", async () => {
    const owner = await signedIn();
    const thief = await signedIn();
    const upload = await call(newRoute.action, {
      url: "/dodaty-ogoloshennya",
      cookie: owner.cookie,
      form: fields({ title: "x", newPhotos: await photo() }),
    });
    const photoId = upload.reply!.photos[0]!.id;
    const stolen = await call(newRoute.action, {
      url: "/dodaty-ogoloshennya",
      cookie: thief.cookie,
      form: fields({ photos: String(photoId) }),
    });
    expect(stolen.status).toBe(302);
    const [advert] = await advertsOf(thief.user.id);
    expect(await photoIdsOf(advert!.id)).toEqual([]);
    expect(await unclaimedUploads(owner.user.id)).toEqual([photoId]);
  });

  it("needs a verified email, and says so with a resend button", async () => {
    const { user, cookie } = await signedIn({ verified: false });
    const { result } = await callWithSession(newRoute.loader, { url: "/dodaty-ogoloshennya", cookie, middleware: [authMiddleware] });
    expect(result.verified).toBe(false);
    const outcome = await call(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: fields() });
    expect(outcome.status).toBe(403);
    expect(outcome.reply!.result.error?.[""]).toEqual(["adverts:errors.not_verified"]);
    expect(await advertsOf(user.id)).toHaveLength(0);
  });

  it("respects the daily limit from settings, keeping the typed form", async () => {
    const { user, cookie } = await signedIn();
    await t.db.updateTable("settings").set({ adverts_per_user_per_day: 1 }).execute();
    try {
      expect((await call(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: fields() })).status).toBe(302);
      const second = await call(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: fields({ title: "Друге оголошення" }) });
      expect(second.status).toBe(429);
      // The slot frees when the first advert leaves the rolling 24 hours.
      expect(Number(second.headers!.get("Retry-After"))).toBeGreaterThan(23 * 3600);
      expect(second.reply!.result.error?.[""]).toEqual(['adverts:errors.daily_limit|{"max":1}']);
      expect(second.reply!.result.initialValue?.title).toBe("Друге оголошення");
      expect(await advertsOf(user.id)).toHaveLength(1);
    } finally {
      await t.db.updateTable("settings").set({ adverts_per_user_per_day: 10 }).execute();
    }
  });

  it("goes to moderation when moderation is on", async () => {
    const { user, cookie } = await signedIn();
    await t.db.updateTable("settings").set({ advert_moderation: true }).execute();
    try {
      const outcome = await call(newRoute.action, {
        url: "/dodaty-ogoloshennya",
        cookie,
        form: fields({ priceKind: "free", priceAmount: "", priceCurrency: "" }),
      });
      expect(outcome.status).toBe(302);
      const [advert] = await advertsOf(user.id);
      expect(advert).toMatchObject({ status: "pending", published_at: null, expires_at: null, price_kind: "free", price_amount: null });
    } finally {
      await t.db.updateTable("settings").set({ advert_moderation: false }).execute();
    }
  });

  it("deletes photos nobody attached within a day", async () => {
    const { user, cookie } = await signedIn();
    const upload = await call(newRoute.action, {
      url: "/dodaty-ogoloshennya",
      cookie,
      form: fields({ title: "x", newPhotos: await photo() }),
    });
    const photoId = upload.reply!.photos[0]!.id;
    const image = await t.db.selectFrom("images").select(["key", "variants"]).where("id", "=", photoId).executeTakeFirstOrThrow();
    expect(await deleteUnclaimedUploads(new Date(Date.now() + UNCLAIMED_TTL_MS - 60_000))).toBe(0);
    expect(await deleteUnclaimedUploads(new Date(Date.now() + UNCLAIMED_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await unclaimedUploads(user.id)).toEqual([]);
    expect(await t.db.selectFrom("images").select("id").where("id", "=", photoId).executeTakeFirst()).toBeUndefined();
    expect(existsSync(imageFilePath(getConfig().paths.uploads, image.key, image.variants[0]!))).toBe(false);
  });
});

describe("editing and the cabinet", () => {
  async function postedAdvert(cookie: string, userId: number, photos = 2) {
    const files = await Promise.all(Array.from({ length: photos }, (_, i) => photo(`p${i}.jpg`)));
    const outcome = await call(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: fields({ newPhotos: files }) });
    expect(outcome.status).toBe(302);
    return (await advertsOf(userId)).at(-1)!;
  }

  it("edits with the same form, keeps the photos unless removed, and deletes a removed one", async () => {
    const { user, cookie } = await signedIn();
    const advert = await postedAdvert(cookie, user.id);
    const [keep, drop] = await photoIdsOf(advert.id);
    const dropped = await t.db.selectFrom("images").select(["key", "variants"]).where("id", "=", drop!).executeTakeFirstOrThrow();

    const { result } = await callWithSession(editRoute.loader, {
      url: `/cabinet/edit/${advert.id}`,
      cookie,
      params: { id: String(advert.id) },
      middleware: [authMiddleware],
    });
    expect(result.defaults).toMatchObject({
      title: advert.title,
      priceAmount: "2800",
      priceCurrency: "PLN",
      categoryId: String(categoryId),
    });
    expect(result.photos.map((p) => p.id)).toEqual([keep, drop]);

    const outcome = await editAdvert(cookie, advert.id, {
      title: "Ноутбук ThinkPad, ціну знижено",
      priceAmount: "2500",
      photos: [String(keep), String(drop)],
      removePhotos: String(drop),
    });
    expect(outcome.status).toBe(302);
    const [edited] = await advertsOf(user.id);
    expect(edited).toMatchObject({ title: "Ноутбук ThinkPad, ціну знижено", slug: advert.slug, status: "published" });
    expect(await photoIdsOf(advert.id)).toEqual([keep]);
    expect(await t.db.selectFrom("images").select("id").where("id", "=", drop!).executeTakeFirst()).toBeUndefined();
    expect(existsSync(imageFilePath(getConfig().paths.uploads, dropped.key, dropped.variants[0]!))).toBe(false);
  });

  it("an edit that fails keeps the advert's photos and the removal ticks", async () => {
    const { user, cookie } = await signedIn();
    const advert = await postedAdvert(cookie, user.id);
    const [first, second] = await photoIdsOf(advert.id);
    const outcome = await editAdvert(cookie, advert.id, {
      title: "",
      photos: [String(second), String(first)],
      removePhotos: String(first),
      newPhotos: await photo("third.jpg"),
    });
    expect(outcome.status).toBe(400);
    expect(outcome.reply!.result.error?.title).toBeTruthy();
    expect(outcome.reply!.photos.map((p) => p.id).slice(0, 2)).toEqual([second, first]);
    expect(outcome.reply!.photos).toHaveLength(3);
    expect(outcome.reply!.result.initialValue?.removePhotos).toBe(String(first));
    expect(await photoIdsOf(advert.id)).toEqual([first, second]);
  });

  it("another user's advert is a 404 for the edit page and its POST, which changes nothing", async () => {
    const owner = await signedIn();
    const advert = await postedAdvert(owner.cookie, owner.user.id, 1);
    const other = await signedIn();
    const loader = await call(editRoute.loader, {
      url: `/cabinet/edit/${advert.id}`,
      cookie: other.cookie,
      params: { id: String(advert.id) },
    });
    expect(loader.status).toBe(404);
    const action = await editAdvert(other.cookie, advert.id, { title: "Захоплено" });
    expect(action.status).toBe(404);
    const [unchanged] = await advertsOf(owner.user.id);
    expect(unchanged!.title).toBe(advert.title);
    expect(unchanged!.updated_at).toEqual(advert.updated_at);
    for (const intent of ["sold", "archive", "renew", "delete"]) {
      const row = await call(cabinetAdverts.action, {
        url: "/cabinet/advertisement",
        cookie: other.cookie,
        form: { intent, id: String(advert.id) },
      });
      expect(row.status).toBe(404);
    }
    expect((await advertsOf(owner.user.id))[0]).toMatchObject({ status: "published", id: advert.id });
    expect((await call(editRoute.loader, { url: "/cabinet/edit/abc", cookie: other.cookie, params: { id: "abc" } })).status).toBe(404);
  });

  it("lists the user's adverts with status, views and expiry, and runs the row actions", async () => {
    const { user, cookie } = await signedIn();
    const advert = await postedAdvert(cookie, user.id, 1);
    const list = await callWithSession(cabinetAdverts.loader, { url: "/cabinet/advertisement", cookie, middleware: [authMiddleware] });
    expect(list.result.items).toHaveLength(1);
    expect(list.result.items[0]).toMatchObject({
      id: advert.id,
      status: "published",
      viewCount: 0,
      actions: ["edit", "renew", "sold", "archive", "delete"],
    });
    expect(list.result.items[0]!.expires?.text).toMatch(/^\d\d\.\d\d\.\d\d$/);

    const sold = await call(cabinetAdverts.action, {
      url: "/cabinet/advertisement",
      cookie,
      form: { intent: "sold", id: String(advert.id) },
    });
    expect(sold.status).toBe(302);
    expect(sold.response?.headers.get("Location")).toBe("/cabinet/advertisement");
    expect((await advertsOf(user.id))[0]!.status).toBe("sold");
    // Renewing a sold advert is not on offer.
    const renew = await call(cabinetAdverts.action, {
      url: "/cabinet/advertisement",
      cookie,
      form: { intent: "renew", id: String(advert.id) },
    });
    expect(renew.status).toBe(302);
    expect((await advertsOf(user.id))[0]!.status).toBe("sold");

    // An expired advert (by its date alone) renews for the full lifetime again.
    await t.db
      .updateTable("advertisements")
      .set({ status: "published", expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", advert.id)
      .execute();
    const expired = await callWithSession(cabinetAdverts.loader, { url: "/cabinet/advertisement", cookie, middleware: [authMiddleware] });
    expect(expired.result.items[0]!.status).toBe("expired");
    await call(cabinetAdverts.action, { url: "/cabinet/advertisement", cookie, form: { intent: "renew", id: String(advert.id) } });
    const renewed = (await advertsOf(user.id))[0]!;
    expect(renewed.status).toBe("published");
    expect(renewed.expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    await call(cabinetAdverts.action, { url: "/cabinet/advertisement", cookie, form: { intent: "archive", id: String(advert.id) } });
    expect((await advertsOf(user.id))[0]!.status).toBe("archived");

    const photos = await photoIdsOf(advert.id);
    const deleted = await call(cabinetAdverts.action, {
      url: "/cabinet/advertisement",
      cookie,
      form: { intent: "delete", id: String(advert.id) },
    });
    expect(deleted.status).toBe(302);
    expect(await advertsOf(user.id)).toEqual([]);
    expect(await t.db.selectFrom("images").select("id").where("id", "in", photos).execute()).toEqual([]);
  });
});
