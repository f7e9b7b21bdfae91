import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "#app/modules/staff-content/datetime.ts";
import { contentFormSchema } from "#app/modules/staff-content/form-schema.ts";
import { listSearch, parseListQuery } from "#app/modules/staff-content/list-query.ts";
import { parseTagNames } from "#app/modules/staff-content/tags.server.ts";
import { CONTENT_TYPES, contentSpec, dashboardPaths } from "#app/modules/staff-content/types.ts";
import { sanitizeRichText } from "#app/platform/sanitize/html.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { pathLabelLines } from "#app/components/dashboard-charts/labels.ts";

describe("site-zone datetimes (Europe/Warsaw)", () => {
  it("reads and writes datetime-local values in the site's zone, across DST", () => {
    expect(fromLocalInput("2026-01-15T12:00")!.toISOString()).toBe("2026-01-15T11:00:00.000Z");
    expect(fromLocalInput("2026-07-15T12:00")!.toISOString()).toBe("2026-07-15T10:00:00.000Z");
    expect(toLocalInput(new Date("2026-07-15T10:00:00Z"))).toBe("2026-07-15T12:00");
    expect(toLocalInput(fromLocalInput("2026-03-29T04:30"))).toBe("2026-03-29T04:30");
    expect(fromLocalInput("tomorrow")).toBeNull();
    expect(toLocalInput(null)).toBe("");
  });
});

describe("the HTML allow-list", () => {
  it("keeps text formatting and drops everything that runs or loads", () => {
    expect(
      sanitizeRichText(
        '<h1>T</h1><p style="color:red" class="x">a <b>b</b> <a href="//evil.example">c</a> <a href="data:text/html,x">d</a></p>',
      ),
    ).toBe("<h2>T</h2><p>a <b>b</b> <a>c</a> <a>d</a></p>");
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText("<iframe src=x></iframe><svg><script>1</script></svg><p><br></p>")).toBe("");
    expect(sanitizeRichText('<ul><li><a href="mailto:a@b.c">mail</a></li></ul>')).toBe('<ul><li><a href="mailto:a@b.c">mail</a></li></ul>');
  });
});

describe("top page chart labels", () => {
  it("wrap a path after its slashes and hyphens, every line within the width, up to the most lines", () => {
    const path = "/novyny/u-varshavi-vidkryly-novyi-ukrainskyi-kulturnyi-tsentr";
    const lines = pathLabelLines(path, 16, 5);
    expect(lines).toEqual(["/novyny/u-", "varshavi-", "vidkryly-novyi-", "ukrainskyi-", "kulturnyi-tsentr"]);
    expect(lines.join("")).toBe(path);
    // Beyond the most lines, the last one kept says there was more.
    expect(pathLabelLines(path, 16)).toEqual(["/novyny/u-", "varshavi-", "vidkryly-novyi-…"]);
    expect(pathLabelLines("/", 16)).toEqual(["/"]);
    expect(pathLabelLines("/poster", 16)).toEqual(["/poster"]);
    // A piece longer than the width is cut into parts of the width.
    expect(pathLabelLines("/abcdefghijklmnopqrstu", 8, 4)).toEqual(["/", "abcdefgh", "ijklmnop", "qrstu"]);
  });
});

describe("list URLs", () => {
  it("round-trips the filter, sort and page, ignoring junk", () => {
    const query = parseListQuery(new URLSearchParams("q=%20ніч%20&status=draft&category=3&author=x&view=trash&sort=title&dir=asc&page=2"));
    expect(query).toEqual({ q: "ніч", status: "draft", category: 3, author: undefined, view: "trash", sort: "title", dir: "asc", page: 2 });
    expect(listSearch(query, { page: 1 })).toBe("?q=%D0%BD%D1%96%D1%87&status=draft&category=3&view=trash&sort=title&dir=asc");
    expect(parseListQuery(new URLSearchParams("sort=drop&page=-1"))).toMatchObject({ sort: "updated_at", page: 1, view: "active" });
  });
});

describe("content descriptions", () => {
  it("give every type a form schema, and pages their own edit path", () => {
    for (const type of CONTENT_TYPES) expect(contentFormSchema(contentSpec(type)).shape).toHaveProperty("status");
    expect(dashboardPaths.edit("pages", 4)).toBe("/dashboard/pages/edit-page/4");
    expect(dashboardPaths.edit("news", 4)).toBe("/dashboard/news/edit/4");
  });

  it("validate with localized messages", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title_uk: "x".repeat(201),
      status: "draft",
      ticket_url: "javascript:alert(1)",
      starts_at: "2026-05-01T10:00",
      slug: "Bad Slug",
    }))
      form.set(key, value);
    const result = parseWithZod(form, { schema: contentFormSchema(contentSpec("posters")) });
    if (result.status === "success") throw new Error("expected errors");
    expect(result.error).toMatchObject({
      title_uk: ['admin:errors.too_long|{"max":200}'],
      ticket_url: ["admin:errors.url"],
      slug: ["admin:errors.slug"],
    });
  });

  it("parse new tag names: trimmed, de-duplicated by slug", () => {
    expect(parseTagNames(" Київ, київ ;Волонтери,, !!! ")).toEqual([
      { uk: "Київ", en: null },
      { uk: "Волонтери", en: null },
    ]);
    // The English name after a slash; a slash with nothing after it leaves none.
    expect(parseTagNames("Освіта / Education, Спорт /, / Orphan")).toEqual([
      { uk: "Освіта", en: "Education" },
      { uk: "Спорт", en: null },
    ]);
  });
});
