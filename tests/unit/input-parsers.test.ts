import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCookie } from "#app/platform/http/cookies.server.ts";
import { readForm, readFormOutcome, readJson } from "#app/platform/http/body.server.ts";
import { INT4_MAX, parseId, parseIds } from "#app/platform/http/ids.ts";
import { parseQuery, queryEnum, queryId, queryPage, queryText } from "#app/platform/http/query.ts";

function post(body: BodyInit | null, headers: Record<string, string>) {
  return new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("parseId", () => {
  it.each([
    ["1", 1],
    [String(INT4_MAX), INT4_MAX],
    [7, 7],
    [String(INT4_MAX + 1), null],
    ["9999999999", null],
    ["99999999999999999999", null],
    ["0", null],
    ["-1", null],
    ["01", null],
    ["1e3", null],
    [" 1", null],
    ["1.5", null],
    ["\u0000", null],
    [1.5, null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(parseId(input)).toBe(expected);
  });

  it("keeps only the ids of a repeated field", () => {
    expect(parseIds(["3", "x", "9999999999", "4"])).toEqual([3, 4]);
  });
});

describe("parseQuery", () => {
  const shape = {
    q: queryText(50),
    page: queryPage,
    category: queryId,
    view: queryEnum(["active", "trash"], "active"),
    role: queryEnum(["a", "b"]),
  };
  it("falls back field by field on hostile values", () => {
    expect(parseQuery(new URLSearchParams("q=%00&page=99999999999999999999&category=9999999999&view=%00&role=x"), shape)).toEqual({
      q: undefined,
      page: 1,
      category: undefined,
      view: "active",
      role: undefined,
    });
  });
  it("reads good values, drops control characters, caps text, takes the first of repeated keys", () => {
    expect(parseQuery(new URLSearchParams(`q=a%00b%20&page=3&page=4&category=12&view=trash&role=b`), shape)).toEqual({
      q: "ab",
      page: 3,
      category: 12,
      view: "trash",
      role: "b",
    });
    expect(parseQuery(new URLSearchParams(`q=${"x".repeat(80)}`), shape).q).toHaveLength(50);
  });
});

describe("readCookie", () => {
  it("reads a value that is not valid percent-encoding as sent, and decodes a valid one", () => {
    const request = new Request("http://localhost/", { headers: { Cookie: "theme=%E0; i18n_redirected=%E0; name=a%20b" } });
    expect(readCookie(request, "theme")).toBe("%E0");
    expect(readCookie(request, "name")).toBe("a b");
    expect(readCookie(request, "missing")).toBeUndefined();
  });
});

describe("body reader", () => {
  it("is the only code that reads a request body", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = ["app", "server"].flatMap((dir) =>
      (readdirSync(path.join(root, dir), { recursive: true }) as string[])
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(dir, file)),
    );
    expect(files.length).toBeGreaterThan(100);
    const reading = /\b(request|req)(\.clone\(\))?\.(formData|json|text|arrayBuffer|blob)\(\)/;
    expect(files.filter((file) => reading.test(readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });

  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  it("reads urlencoded and multipart forms", async () => {
    // The edge rule drops control characters from every field (NUL never reaches the database).
    expect((await readForm(post("a=1&b=x%00y", form))).get("b")).toBe("xy");
    const multipart = new FormData();
    multipart.append("a", "1");
    const request = new Request("http://localhost/x", { method: "POST", body: multipart });
    expect((await readForm(request)).get("a")).toBe("1");
  });

  it.each([
    ["text/plain", post("a=1", { "Content-Type": "text/plain" })],
    ["no content type", post(null, {})],
    ["a form type and no body", post(null, form)],
    ["multipart without a boundary", post("a=1", { "Content-Type": "multipart/form-data" })],
    ["broken multipart", post("--b\r\nContent-Disposition: form-da", { "Content-Type": "multipart/form-data; boundary=b" })],
  ])("answers 400 for %s", async (_name, request) => {
    expect(await readFormOutcome(request)).toMatchObject({ ok: false, status: 400 });
  });

  it("answers 413 from Content-Length without reading, and while streaming without it", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
      },
    });
    expect(await readFormOutcome(post(endless, { ...form, "Content-Length": String(10 * 1024 * 1024) }), { maxBytes: 4096 })).toMatchObject(
      { ok: false, status: 413 },
    );
    expect(pulled).toBeLessThanOrEqual(1);
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
      },
    });
    expect(await readFormOutcome(post(chunked, form), { maxBytes: 4096 })).toMatchObject({ ok: false, status: 413 });
    expect(pulled).toBeLessThan(20);
  });

  it("caps each file and the number of files of a multipart form", async () => {
    const big = new FormData();
    big.append("image_file", new File([new Uint8Array(5000)], "a.png"));
    const request = new Request("http://localhost/x", { method: "POST", body: big });
    expect(await readFormOutcome(request, { maxBytes: 100_000, maxFileBytes: 1000 })).toMatchObject({ ok: false, status: 413 });
    const many = new FormData();
    for (let i = 0; i < 5; i++) many.append("f", new File(["x"], `${i}.png`));
    expect(
      await readFormOutcome(new Request("http://localhost/x", { method: "POST", body: many }), { maxBytes: 100_000, maxFiles: 3 }),
    ).toMatchObject({ ok: false, status: 413 });
  });

  it("reads JSON within its limit; 413 over it, 400 for anything else", async () => {
    expect(await readJson(post('{"a":1}', { "Content-Type": "application/json" }), 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJson(post(`{"a":"${"x".repeat(200)}"}`, {}), 100)).toEqual({ ok: false, status: 413 });
    expect(await readJson(post("{", {}), 100)).toEqual({ ok: false, status: 400 });
  });
});
