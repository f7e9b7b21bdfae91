// Forms with files: each file streamed to a temporary file within its cap, the body within
// its cap, the count of files, multipart only; and the few upload turns per process and user,
// through the advert form's route as the app runs it.
import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { readUploadOutcome, type UploadOutcome } from "#app/platform/http/body.server.ts";
import { acquireUploadSlot } from "#app/platform/http/upload-slots.server.ts";
import { unclaimedUploads } from "#app/modules/adverts/photos.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { unwrapData } from "../support/route.ts";
import { asStaff, pngFile, replyOf, staff } from "./dashboard-support.ts";

const t = useTestDatabase();

function multipart(form: FormData, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/x", { method: "POST", body: form, headers });
}

/** A multipart body streamed in chunks without a Content-Length, as a browser may send it. */
async function chunked(form: FormData): Promise<Request> {
  const template = new Response(form);
  const type = template.headers.get("content-type")!;
  const bytes = new Uint8Array(await template.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  return new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
}

function ok(outcome: UploadOutcome) {
  if (!outcome.ok) throw new Error(`expected a read form, got ${outcome.status}`);
  return outcome;
}

describe("reading a form with uploads", () => {
  beforeAll(() => useAccountConfig());

  it("writes each file to a temporary file, keeps the text fields, and deletes the files on dispose", async () => {
    const form = new FormData();
    form.append("title", "Ноутбук");
    form.append("newPhotos", new File([new Uint8Array(300_000).fill(7)], "фото.jpg", { type: "image/jpeg" }));
    form.append("newPhotos", new File([], ""));
    form.append("description", "після файлу");
    const outcome = ok(await readUploadOutcome(await chunked(form), { maxBytes: 1024 * 1024, maxFileBytes: 500_000, maxFiles: 5 }));
    expect(outcome.form.get("title")).toBe("Ноутбук");
    expect(outcome.form.get("description")).toBe("після файлу");
    expect(outcome.form.getAll("newPhotos")).toEqual([]);
    // The empty file input is no upload.
    expect(outcome.files).toHaveLength(1);
    const [file] = outcome.files;
    expect(file).toMatchObject({ field: "newPhotos", name: "фото.jpg", type: "image/jpeg", size: 300_000 });
    expect(readFileSync(file!.path!).equals(Buffer.alloc(300_000, 7))).toBe(true);
    await outcome.dispose();
    expect(existsSync(file!.path!)).toBe(false);
  });

  it("a file over its cap is read past and reported without a path; the fields around it are kept", async () => {
    const form = new FormData();
    form.append("title", "before");
    form.append("newPhotos", new File([new Uint8Array(200_000)], "big.jpg", { type: "image/jpeg" }));
    form.append("newPhotos", new File([new Uint8Array(1000)], "small.jpg", { type: "image/jpeg" }));
    form.append("description", "after");
    const outcome = ok(await readUploadOutcome(await chunked(form), { maxBytes: 1024 * 1024, maxFileBytes: 100_000, maxFiles: 5 }));
    expect(outcome.files.map((file) => [file.name, file.path === null, file.size])).toEqual([
      ["big.jpg", true, 100_000],
      ["small.jpg", false, 1000],
    ]);
    expect([outcome.form.get("title"), outcome.form.get("description")]).toEqual(["before", "after"]);
    await outcome.dispose();
  });

  it("answers 413 for a body over its cap (announced or streamed), for too many files and for too much text", async () => {
    const big = new FormData();
    big.append("a", new File([new Uint8Array(400_000)], "a.jpg"));
    big.append("b", new File([new Uint8Array(400_000)], "b.jpg"));
    const limits = { maxBytes: 500_000, maxFileBytes: 450_000, maxFiles: 5 };
    expect(await readUploadOutcome(multipart(big), limits)).toMatchObject({ ok: false, status: 413 });
    expect(await readUploadOutcome(await chunked(big), limits)).toMatchObject({ ok: false, status: 413 });
    const many = new FormData();
    for (let i = 0; i < 4; i++) many.append("f", new File(["x"], `${i}.jpg`));
    expect(await readUploadOutcome(multipart(many), { ...limits, maxFiles: 3 })).toMatchObject({ ok: false, status: 413 });
    const text = new FormData();
    text.append("description", "x".repeat(300 * 1024));
    expect(await readUploadOutcome(multipart(text), { ...limits, maxBytes: 1024 * 1024 })).toMatchObject({ ok: false, status: 413 });
  });

  it("answers 415 for anything but multipart, 400 for a broken one", async () => {
    const limits = { maxBytes: 100_000, maxFileBytes: 10_000, maxFiles: 5 };
    const urlencoded = new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ title: "x" }) });
    expect(await readUploadOutcome(urlencoded, limits)).toMatchObject({ ok: false, status: 415 });
    const json = new Request("http://localhost/x", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(await readUploadOutcome(json, limits)).toMatchObject({ ok: false, status: 415 });
    const broken = new Request("http://localhost/x", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="f"; filename="a.jpg"\r\n\r\nxxxx',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    expect(await readUploadOutcome(broken, limits)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("the advert form's uploads", () => {
  let categoryId: number;
  beforeAll(async () => {
    useAccountConfig({ PUBLIC_URL: "https://portal.example", UPLOADS_IN_FLIGHT: "1", UPLOADS_PER_USER: "1" });
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug: "mebli", name_uk: "Меблі", name_en: "Furniture" })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryId = category.id;
  });

  type Reply = {
    status: number;
    headers?: Headers;
    data: { result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null } };
  };
  async function post(cookie: string, form: FormData | Record<string, string>): Promise<Reply> {
    const { result } = await callWithSession(newRoute.action, {
      url: "/us/dodaty-ogoloshennya",
      cookie,
      form,
      middleware: [authMiddleware],
    });
    if (result instanceof Response) return { status: result.status, data: { result: {} } };
    return unwrapData(result) as Reply;
  }

  async function advertForm(): Promise<FormData> {
    const form = new FormData();
    const fields = {
      title: "Стіл дубовий",
      categoryId: String(categoryId),
      description: "Великий дубовий стіл, шість стільців у комплекті.",
      priceKind: "free",
      contactName: "Оля",
      email: "olia@example.test",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a63" } })
      .jpeg()
      .toBuffer();
    form.append("newPhotos", new File([new Uint8Array(jpeg)], "stil.jpg", { type: "image/jpeg" }));
    return form;
  }

  it("refuses a urlencoded post with 415 and a message", async () => {
    const user = await makeUser({ verified: true });
    const reply = await post(await sessionCookieFor(user.id), { title: "Стіл дубовий", description: "x" });
    expect(reply.status).toBe(415);
    expect(reply.data.result.error?.[""]).toEqual(["adverts:errors.multipart_only"]);
  });

  it("a user past their uploads at once gets a 503 with Retry-After and every typed field; nothing is stored", async () => {
    const user = await makeUser({ verified: true });
    const cookie = await sessionCookieFor(user.id);
    const release = (await acquireUploadSlot(`user:${user.id}`))!;
    expect(release).toBeTypeOf("function");
    try {
      const reply = await post(cookie, await advertForm());
      expect(reply.status).toBe(503);
      expect(Number(reply.headers?.get("Retry-After"))).toBeGreaterThan(0);
      expect(reply.data.result.error?.[""]).toEqual(["adverts:errors.uploads_busy"]);
      expect(reply.data.result.initialValue).toMatchObject({ title: "Стіл дубовий", contactName: "Оля" });
      expect(await unclaimedUploads(user.id)).toEqual([]);
    } finally {
      release();
    }
    expect((await post(cookie, await advertForm())).status).toBe(302);
  });

  it("a post waiting for the process's only turn goes ahead when it comes free", async () => {
    const user = await makeUser({ verified: true });
    const release = (await acquireUploadSlot("user:someone-else"))!;
    let settled = false;
    const pending = post(await sessionCookieFor(user.id), await advertForm()).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    expect((await pending).status).toBe(302);
  });
});

describe("the staff content form's uploads", () => {
  beforeAll(() => useAccountConfig());

  it("an image over its cap is refused by its field with a message; a long text and the other fields are kept", async () => {
    const editor = await staff("editor");
    const body = `<p>${"довгий текст ".repeat(14_000)}</p>`;
    const reply = replyOf(
      await asStaff(editor, contentNew.action, {
        url: "/dashboard/news/new-page",
        params: { type: "news" },
        form: {
          intent: "save",
          status: "draft",
          title_uk: "Новина з фото",
          body_uk: body,
          cover_image_id_file: new File([new Uint8Array(11 * 1024 * 1024)], "huge.png", { type: "image/png" }),
        },
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.data.result.error.cover_image_id_file).toEqual(["admin:errors.image_too_large"]);
    expect(reply.data.result.initialValue).toMatchObject({ title_uk: "Новина з фото", body_uk: body });
    // The same form with a real image is stored.
    const saved = await asStaff(editor, contentNew.action, {
      url: "/dashboard/news/new-page",
      params: { type: "news" },
      form: { intent: "save", status: "draft", title_uk: "Новина з фото", body_uk: body, cover_image_id_file: await pngFile() },
    });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
  });
});
