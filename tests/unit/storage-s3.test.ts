// Images in an S3 bucket (S3_BUCKET), against a real S3 protocol server started here
// (s3rver): upload, serve at /uploads with immutable caching, delete; an advert's photos land
// in the bucket and the local directory stays empty; deleting the account removes the
// objects; failed stores leave nothing behind; a mailed data export waits in the bucket, out of
// /uploads; `storage:migrate` copies local uploads once.
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { buildMailedExport, takeMailedExport } from "#app/modules/account-export/export.server.ts";
import { exportWorkDir } from "#app/modules/account-export/export-files.server.ts";
import { deleteUnclaimedUploads, UNCLAIMED_TTL_MS, unclaimedUploads } from "#app/modules/adverts/photos.server.ts";
import { copyLocalUploads } from "#app/platform/images/migrate-storage.server.ts";
import { imageObjectName, processImage } from "#app/platform/images/process.server.ts";
import { createS3Client } from "#app/platform/images/s3-store.server.ts";
import { getImageStore, type ImageStore } from "#app/platform/images/storage.server.ts";
import { storeImage } from "#app/platform/images/store.server.ts";
import { setImageBaseUrl } from "#app/platform/images/image-base.ts";
import { imageUrl } from "#app/platform/images/urls.ts";
import { createAppServer } from "../../server/app-server.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { callAppRoute } from "../support/app-route.ts";
import { unwrapData } from "../support/route.ts";
import { listKeys, startS3Server, type TestS3 } from "../support/s3-server.ts";
import type { S3Client } from "@aws-sdk/client-s3";

const t = useTestDatabase();
let s3: TestS3;
let client: S3Client;
let base: string;
let closeServer: () => Promise<void>;
let categoryId: number;
let locationId: number;
let clientDir: string | undefined;

beforeAll(async () => {
  s3 = await startS3Server();
  useAccountConfig({ ...s3.env, PUBLIC_URL: "https://portal.example" });
  const storage = getConfig().storage;
  if (storage.kind !== "s3") throw new Error("S3_BUCKET did not select the bucket store");
  client = createS3Client(storage);
  clientDir = await mkdtemp(path.join(os.tmpdir(), "portal-client-"));
  const { server } = createAppServer({
    // Only /uploads is asked of this server: the app itself is never built.
    build: () => Promise.reject(new Error("no build in this test")),
    origin: "http://localhost:3000",
    database: t.database,
    clientDir,
    uploadsDir: getConfig().paths.uploads,
    imageStore: getImageStore(),
    log: () => {},
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => new Promise((resolve) => server.close(() => resolve()));

  categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "mebli", name_uk: "Меблі", name_en: "Furniture" });
  locationId = await insertRow(t.db, "locations", { slug: "lviv", name_uk: "Львів", name_en: "Lviv" });
});

afterAll(async () => {
  await closeServer?.();
  await s3?.stop();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

async function jpeg(width = 900, colour = "#3a7"): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height: 600, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
}

function keysOf(image: { key: string; variants: readonly number[] }): string[] {
  return image.variants.map((width) => imageObjectName(image.key, width)).sort();
}

const bucketKeys = () => listKeys(client, s3.bucket, "images/");
const localImagesDir = () => path.join(getConfig().paths.uploads, "images");

describe("the bucket image store", () => {
  it("stores variants as objects, serves them at /uploads with immutable caching, and deletes them", async () => {
    const store = getImageStore();
    expect(store.kind).toBe("s3");
    const processed = await processImage(await jpeg(700));
    expect(processed.variants).toEqual([320, 700]);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keysOf(processed)));

    const url = imageUrl(processed.key, 320);
    const response = await fetch(base + url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(320);

    const etag = response.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(base + url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toContain("immutable");

    await store.remove(keysOf(processed));
    const left = await bucketKeys();
    expect(keysOf(processed).filter((key) => left.includes(key))).toEqual([]);
    expect((await fetch(base + url)).status).not.toBe(200);
  });

  it("refuses names outside the uploads (no traversal into the bucket or the disk)", async () => {
    await expect(getImageStore().put("../secret.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow(/storable/);
    expect((await fetch(`${base}/uploads/images/%2e%2e/%2e%2e/etc/passwd.webp`)).status).not.toBe(200);
  });

  it("points image URLs at S3_PUBLIC_URL when set", () => {
    setImageBaseUrl("https://cdn.example/portal");
    try {
      expect(imageUrl("2026/11/abc", 640)).toBe("https://cdn.example/portal/images/2026/11/abc-640.webp");
    } finally {
      setImageBaseUrl(undefined);
    }
    expect(imageUrl("2026/11/abc", 640)).toBe("/uploads/images/2026/11/abc-640.webp");
  });
});

function advertForm(files: File[]): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    title: "Дубовий стіл на шість осіб",
    categoryId: String(categoryId),
    locationId: String(locationId),
    description: "Масивний дубовий стіл, розкладний, у доброму стані. Самовивіз зі Львова.",
    priceKind: "amount",
    priceAmount: "1200",
    priceCurrency: "UAH",
    contactName: "Петро",
    email: "petro@example.test",
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const file of files) form.append("newPhotos", file);
  return form;
}

async function post(form: FormData, cookie: string) {
  try {
    const { result } = await callWithSession(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form, middleware: [authMiddleware] });
    return result instanceof Response ? result.status : unwrapData(result).status;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: ResponseInit })?.init?.status;
    if (typeof status === "number") return status;
    throw error;
  }
}

describe("advert photos in the bucket", () => {
  it("posting an advert stores its photos in the bucket, the page shows them, the local directory stays empty", async () => {
    const user = await makeUser({ name: "Петро" });
    const cookie = await sessionCookieFor(user.id);
    const before = await bucketKeys();
    const status = await post(
      advertForm([
        new File([await jpeg(1400)], "table.jpg", { type: "image/jpeg" }),
        new File([await jpeg(900, "#a73")], "legs.jpg", { type: "image/jpeg" }),
      ]),
      cookie,
    );
    expect(status).toBe(302);

    const advert = await t.db.selectFrom("advertisements").select(["id", "slug"]).where("owner_id", "=", user.id).executeTakeFirstOrThrow();
    const images = await t.db
      .selectFrom("advertisement_images as ai")
      .innerJoin("images as img", "img.id", "ai.image_id")
      .select(["img.key", "img.variants"])
      .where("ai.advertisement_id", "=", advert.id)
      .orderBy("ai.position")
      .execute();
    expect(images).toHaveLength(2);
    const added = (await bucketKeys()).filter((key) => !before.includes(key));
    expect(added).toEqual(images.flatMap(keysOf).sort());
    expect(added).toHaveLength(4 + 3);
    expect(existsSync(localImagesDir())).toBe(false);

    const page = (await callAppRoute(advertItem.loader, {
      url: `/advertisement/${advert.slug}`,
      params: { slug: advert.slug },
    })) as unknown as {
      photos: Array<{ src: string; full: string }>;
    };
    expect(page.photos).toHaveLength(2);
    for (const photo of page.photos) {
      for (const url of [photo.src, photo.full]) {
        const response = await fetch(base + url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
      }
    }
  });

  it("deleting the account removes its photos from the bucket", async () => {
    const user = await makeUser({ name: "Марта" });
    const cookie = await sessionCookieFor(user.id);
    expect(await post(advertForm([new File([await jpeg(700)], "chair.jpg", { type: "image/jpeg" })]), cookie)).toBe(302);
    const owned = await t.db.selectFrom("images").select(["key", "variants"]).where("owner_id", "=", user.id).execute();
    expect(owned).toHaveLength(1);
    const keys = owned.flatMap(keysOf);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keys));

    expect(await deleteAccount(user.id)).toEqual({ images: 1 });
    const left = await bucketKeys();
    expect(keys.filter((key) => left.includes(key))).toEqual([]);
  });

  it("a submit with an unreadable file stores nothing for it; kept uploads of a failed submit go with the unclaimed purge", async () => {
    const user = await makeUser({ name: "Остап" });
    const cookie = await sessionCookieFor(user.id);
    const before = await bucketKeys();
    const broken = new File([new TextEncoder().encode("not a picture at all")], "fake.jpg", { type: "image/jpeg" });
    // The price is wrong too: the form comes back, the good photo kept as an unclaimed upload.
    const form = advertForm([broken, new File([await jpeg(500)], "ok.jpg", { type: "image/jpeg" })]);
    form.set("priceAmount", "дорого");
    expect(await post(form, cookie)).toBe(400);
    const kept = await unclaimedUploads(user.id);
    expect(kept).toHaveLength(1);
    const image = await t.db.selectFrom("images").select(["key", "variants"]).where("id", "=", kept[0]!).executeTakeFirstOrThrow();
    expect((await bucketKeys()).filter((key) => !before.includes(key))).toEqual(keysOf(image));

    // Nobody attached it: after the TTL the purge deletes row and objects alike.
    await deleteUnclaimedUploads(new Date(Date.now() + UNCLAIMED_TTL_MS + 60_000));
    expect(await bucketKeys()).toEqual(before);
    expect(await t.db.selectFrom("images").select("id").where("id", "=", kept[0]!).executeTakeFirst()).toBeUndefined();
  });

  it("a store failing halfway, or a row that cannot be inserted, leaves no object behind", async () => {
    const real = getImageStore();
    const before = await bucketKeys();
    let puts = 0;
    const flaky: ImageStore = {
      ...real,
      put: (name, body, type) => (++puts === 2 ? Promise.reject(new Error("connection reset")) : real.put(name, body, type)),
    };
    await expect(processImage(await jpeg(1400), { store: flaky })).rejects.toThrow(/connection reset/);
    expect(puts).toBeGreaterThanOrEqual(2);
    expect(await bucketKeys()).toEqual(before);

    // An owner that does not exist: the insert fails after the upload, which is undone.
    await expect(storeImage(t.db, await jpeg(640), { ownerId: 987_654 })).rejects.toThrow();
    expect(await bucketKeys()).toEqual(before);
  });
});

describe("a mailed data export with images in the bucket", () => {
  it("waits in the bucket under a prefix /uploads never serves, is downloaded once from there and then removed", async () => {
    const user = await makeUser({ name: "Ірина" });
    const cookie = await sessionCookieFor(user.id);
    expect(await post(advertForm([new File([await jpeg(640)], "lamp.jpg", { type: "image/jpeg" })]), cookie)).toBe(302);
    const row = await t.db.insertInto("data_exports").values({ user_id: user.id }).returning("id").executeTakeFirstOrThrow();
    expect(await buildMailedExport({ exportId: row.id, origin: "https://portal.example", consent: null })).not.toBeNull();
    const token = new URL(
      readOutbox()
        .filter((mail) => mail.to.includes(user.email))
        .at(-1)!.link!,
    ).pathname
      .split("/")
      .at(-1)!;
    const { file_key: fileKey } = await t.db
      .selectFrom("data_exports")
      .select("file_key")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    // Another machine's download finds it: it is in the bucket, and nothing is left on this disk.
    expect(await listKeys(client, s3.bucket, "private/exports/")).toEqual([`private/exports/${fileKey}`]);
    expect(readdirSync(exportWorkDir())).toEqual([]);
    expect((await fetch(`${base}/uploads/private/exports/${fileKey}`)).status).not.toBe(200);

    const taken = await takeMailedExport(user.id, token);
    expect(taken).not.toBeNull();
    const bytes = new Uint8Array(await new Response(Readable.toWeb(taken!.stream) as ReadableStream).arrayBuffer());
    expect(bytes.byteLength).toBe(taken!.size);
    const files = unzipSync(bytes);
    expect(JSON.parse(strFromU8(files["data.json"]!)).profile.email).toBe(user.email);
    expect(Object.keys(files).filter((name) => name.startsWith("photos/"))).toHaveLength(1);
    await expect.poll(() => listKeys(client, s3.bucket, "private/exports/")).toEqual([]);
    expect(await takeMailedExport(user.id, token)).toBeNull();
  });

  it("a zip the bucket refuses is not left on this machine, and the job's export stays unbuilt", async () => {
    const user = await makeUser({ name: "Остап" });
    const row = await t.db.insertInto("data_exports").values({ user_id: user.id }).returning("id").executeTakeFirstOrThrow();
    useAccountConfig({ ...s3.env, S3_BUCKET: "no-such-bucket", PUBLIC_URL: "https://portal.example" });
    try {
      await expect(buildMailedExport({ exportId: row.id, origin: "https://portal.example", consent: null })).rejects.toThrow();
      expect(readdirSync(exportWorkDir())).toEqual([]);
    } finally {
      useAccountConfig({ ...s3.env, PUBLIC_URL: "https://portal.example" });
    }
    expect(await t.db.selectFrom("data_exports").select("ready_at").where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual({
      ready_at: null,
    });
  });
});

describe("storage:migrate", () => {
  it("copies local uploads into the bucket once, with progress, and skips them on a rerun", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "portal-migrate-"));
    try {
      await mkdir(path.join(dir, "images/2025/03"), { recursive: true });
      const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
        .webp()
        .toBuffer();
      const names = ["images/share.webp", "images/2025/03/old-320.webp", "images/2025/03/old-640.webp"];
      for (const name of names) await writeFile(path.join(dir, name), webp);
      const lines: string[] = [];
      const first = await copyLocalUploads(dir, getImageStore(), (line) => lines.push(line), 2);
      expect(first).toEqual({ total: 3, copied: 3, skipped: 0 });
      expect(lines.some((line) => line.includes("2/3"))).toBe(true);
      expect(lines.at(-1)).toContain("3/3");
      expect(await bucketKeys()).toEqual(expect.arrayContaining(names));
      const served = await fetch(`${base}/uploads/images/2025/03/old-640.webp`);
      expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);

      expect(await copyLocalUploads(dir, getImageStore())).toEqual({ total: 3, copied: 0, skipped: 3 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
