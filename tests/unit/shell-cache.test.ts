import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedByVersion, resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { freshAfterWriteMiddleware } from "#app/platform/page-cache/fresh-after-write.server.ts";
import { cachedTotal } from "#app/platform/lists/list-page.server.ts";
import { listFooterPagesCached } from "#app/modules/pages/pages.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { useTestDatabase } from "../support/db.ts";

// What every uncached page reads the same way (the shell's settings and footer pages) is kept
// per process behind the page cache's content-version check.

const t = useTestDatabase();

beforeEach(() => resetContentState());
afterEach(() => vi.useRealTimers());

describe("values kept per process by content version", () => {
  it("builds once while the versions stay, again after the table changes", async () => {
    let loads = 0;
    const read = cachedByVersion(["settings"], async () => ({ load: ++loads }));
    const first = await read();
    resetContentState(); // the versions are read again, and are unchanged
    expect(await read()).toBe(first);
    expect(loads).toBe(1);
    await t.db.updateTable("settings").set({ contact_phone: "+48 600 000 000" }).where("id", "=", 1).execute();
    resetContentState();
    expect(await read()).toEqual({ load: 2 });
  });

  it("the shell's settings and footer pages follow an edit", async () => {
    const before = await getCachedSettings();
    await listFooterPagesCached();
    await t.db.updateTable("settings").set({ site_name_uk: "Нова назва" }).where("id", "=", 1).execute();
    await t.db.updateTable("pages").set({ show_in_footer: false }).execute();
    resetContentState();
    expect((await getCachedSettings()).site_name_uk).toBe("Нова назва");
    expect(before.site_name_uk).not.toBe("Нова назва");
    expect(await listFooterPagesCached()).toEqual([]);
  });

  it("a failed build is not kept", async () => {
    let calls = 0;
    const read = cachedByVersion(["pages"], async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return "ok";
    });
    await expect(read()).rejects.toThrow("database away");
    expect(await read()).toBe("ok");
  });

  it("a post in this process makes the next request read the versions again; a GET does not", async () => {
    // The clock stands still: only the post, never the poll's one-second age, can refresh.
    vi.useFakeTimers({ toFake: ["Date"] });
    let loads = 0;
    const read = cachedByVersion(["settings"], async () => ++loads);
    await read();
    await t.db.updateTable("settings").set({ contact_email: "new@example.org" }).where("id", "=", 1).execute();
    const call = (method: string) =>
      (freshAfterWriteMiddleware as unknown as (args: unknown, next: () => Promise<Response>) => Promise<Response>)(
        { request: new Request("http://localhost/dashboard/settings", { method }), url: new URL("http://localhost/dashboard/settings") },
        async () => new Response(null, { status: 204 }),
      );
    await call("GET");
    expect(await read()).toBe(1); // the last poll still stands
    await call("POST");
    expect(await read()).toBe(2);
  });
});

describe("list totals", () => {
  const publishedNews = (categoryId?: number) => {
    let query = t.db
      .selectFrom("news")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("status", "=", "published")
      .where("published_at", "<=", sql<Date>`now()`);
    if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
    return query;
  };
  const addNews = (slug: string, publishedAt = new Date(Date.now() - 60_000)) =>
    t.db.insertInto("news").values({ slug, title_uk: slug, status: "published", published_at: publishedAt }).execute();

  it("are counted once per version of their tables, per query and parameters", async () => {
    const before = await cachedTotal(["news"], publishedNews());
    await addNews("total-one");
    expect(await cachedTotal(["news"], publishedNews())).toBe(before); // within the poll: the kept total
    resetContentState();
    expect(await cachedTotal(["news"], publishedNews())).toBe(before + 1);
    expect(await cachedTotal(["news"], publishedNews(-1))).toBe(0); // another filter, its own count
    const onSettings = await cachedTotal(["settings"], publishedNews());
    await addNews("total-two");
    resetContentState();
    expect(await cachedTotal(["settings"], publishedNews())).toBe(onSettings); // news is not among its tables
    expect(await cachedTotal(["news"], publishedNews())).toBe(before + 2);
    await t.db.deleteFrom("news").where("slug", "like", "total-%").execute();
    resetContentState();
    expect(await cachedTotal(["news"], publishedNews())).toBe(before);
  });

  it("are counted again when time alone changes what is public", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const goesLive = new Date(Date.now() + 60_000);
    await addNews("total-scheduled", goesLive);
    resetContentState();
    let counted = 0;
    const query = publishedNews(-2);
    const counting = { compile: () => query.compile(), executeTakeFirstOrThrow: async () => ({ total: ++counted }) };
    expect(await cachedTotal(["news"], counting)).toBe(1);
    resetContentState();
    expect(await cachedTotal(["news"], counting)).toBe(1);
    vi.setSystemTime(goesLive.getTime() + 1_000);
    resetContentState();
    expect(await cachedTotal(["news"], counting)).toBe(2);
    await t.db.deleteFrom("news").where("slug", "=", "total-scheduled").execute();
  });
});
