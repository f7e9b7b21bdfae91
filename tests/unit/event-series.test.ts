// Events that repeat: the rule's dates in the site's zone, their sync with an edited rule, the
// editor's "Repeats" fieldset, the page at one date, staff cancelling, moving and restoring one
// date, the lists moving on to the next date, and the calendar files read by ical.js.
import ICAL from "ical.js";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as calendarRoute from "#app/routes/feeds-posters-calendar/route.ts";
import * as eventFileRoute from "#app/routes/feeds-poster-ics/route.ts";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { siteWallClock } from "#app/platform/format/site-zone.ts";
import { seriesStarts, isSeriesDate } from "#app/modules/posters/series.server.ts";
import { seriesText } from "#app/modules/posters/series-text.server.ts";
import { syncOccurrences } from "#app/modules/posters/occurrences.server.ts";
import { listPosters } from "#app/modules/posters/posters.server.ts";
import { fromLocalInput } from "#app/modules/staff-content/datetime.ts";
import { useTestDatabase } from "../support/db.ts";
import { catchResponse } from "../support/route.ts";
import { DAY, HOUR, insertFixture, servePage, type Fixture } from "./content-support.ts";
import { asStaff, replyOf, staff, useStaffAccounts, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();
let fixture: Fixture;
let visitor: Staff;

beforeAll(async () => {
  fixture = await insertFixture(t.db);
  visitor = await staff("user");
});

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

/** "2026-10-15T18:00" on the site's clocks. */
const wall = (text: string) => fromLocalInput(text)!;
const hourOf = (date: Date) => siteWallClock(date).hour;
const WEEKDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** The site-zone weekday code of a moment. */
function weekdayCode(date: Date): string {
  const p = siteWallClock(date);
  return WEEKDAY_CODES[new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay()]!;
}

/** The next 18:00 on the site's clocks at least `days` ahead. */
function wallAhead(days: number, hour = 18): Date {
  const p = siteWallClock(new Date(Date.now() + days * DAY));
  return wall(`${p.year}-${p.month}-${p.day}T${String(hour).padStart(2, "0")}:00`);
}

async function insertSeries(slug: string, rule: string, startsAt: Date, hours = 2) {
  const row = await t.db
    .insertInto("posters")
    .values({
      slug,
      title_uk: `Серія ${slug}`,
      title_en: `Series ${slug}`,
      description_uk: "<p>Щотижня.</p>",
      category_id: fixture.categories.poster,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + hours * HOUR),
      recurrence: rule,
      status: "published",
      published_at: new Date(Date.now() - DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await syncOccurrences(t.db, row.id);
  return row.id;
}

const dates = (posterId: number) =>
  t.db.selectFrom("poster_occurrences").selectAll().where("poster_id", "=", posterId).orderBy("original_starts_at").execute();

describe("a series' dates", () => {
  it("keeps a weekly 18:00 at 18:00 on the site's clocks across the end of summer time", () => {
    const first = wall("2026-10-15T18:00");
    const starts = seriesStarts("FREQ=WEEKLY;INTERVAL=1;BYDAY=TH", first, first, wall("2026-11-06T00:00"));
    expect(starts.map((date) => date.toISOString())).toEqual([
      "2026-10-15T16:00:00.000Z",
      "2026-10-22T16:00:00.000Z",
      "2026-10-29T17:00:00.000Z",
      "2026-11-05T17:00:00.000Z",
    ]);
    expect(starts.map(hourOf)).toEqual(["18", "18", "18", "18"]);
    expect(isSeriesDate("FREQ=WEEKLY;INTERVAL=1;BYDAY=TH", first)).toBe(true);
    expect(isSeriesDate("FREQ=WEEKLY;INTERVAL=1;BYDAY=SA", first)).toBe(false);
    expect(isSeriesDate("FREQ=MONTHLY;INTERVAL=1;BYDAY=3TH", first)).toBe(true);
  });

  it("says how it repeats in both languages", () => {
    expect(seriesText("FREQ=WEEKLY;INTERVAL=1;BYDAY=SA", "en")).toBe("Every Saturday");
    expect(seriesText("FREQ=WEEKLY;INTERVAL=1;BYDAY=SA", "uk")).toBe("Щосуботи");
    expect(seriesText("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "en")).toBe("Every 2 weeks on Monday and Wednesday");
    expect(seriesText("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "uk")).toBe("Кожні 2 тижні в понеділок і середу");
    expect(seriesText("FREQ=MONTHLY;INTERVAL=1;BYDAY=2SA;COUNT=12", "en")).toBe("On the second Saturday of every month, 12 times");
    expect(seriesText("FREQ=MONTHLY;INTERVAL=1;BYDAY=2SA;COUNT=12", "uk")).toBe("Щомісяця в другу суботу, 12 разів");
    expect(seriesText("FREQ=MONTHLY;INTERVAL=1;BYDAY=-1MO;UNTIL=20270630T215959Z", "uk")).toBe(
      "Щомісяця в останній понеділок, до 30 червня 2027 р.",
    );
    expect(seriesText("FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;UNTIL=20270630T215959Z", "en")).toBe("Every Saturday, until June 30, 2027");
    expect(seriesText(null, "en")).toBeNull();
  });

  it("keeps the marks of the dates an edited rule still has and removes the dates it no longer has", async () => {
    const saturday = wallAhead(7 - ((new Date().getUTCDay() + 1) % 7) + 7, 10);
    expect(weekdayCode(saturday)).toBe("SA");
    const id = await insertSeries("subota-i-nedilia", "FREQ=WEEKLY;INTERVAL=1;BYDAY=SA,SU", saturday);
    const before = await dates(id);
    expect(before.length).toBeGreaterThan(90);
    const [firstSaturday, firstSunday] = before;
    expect([weekdayCode(firstSaturday!.starts_at), weekdayCode(firstSunday!.starts_at)]).toEqual(["SA", "SU"]);
    await t.db.insertInto("poster_rsvps").values({ poster_id: id, occurrence_id: firstSaturday!.id, user_id: visitor.id }).execute();
    await t.db
      .updateTable("poster_occurrences")
      .set({ cancelled_at: new Date(), note_uk: "Свято" })
      .where("id", "=", before[2]!.id)
      .execute();

    await t.db.updateTable("posters").set({ recurrence: "FREQ=WEEKLY;INTERVAL=1;BYDAY=SA" }).where("id", "=", id).execute();
    await syncOccurrences(t.db, id);
    const after = await dates(id);
    expect(after.every((date) => weekdayCode(date.starts_at) === "SA")).toBe(true);
    expect(after.length).toBe(before.filter((date) => weekdayCode(date.starts_at) === "SA").length);
    // The same rows: the mark and the cancellation stay with their dates.
    expect(after[0]!.id).toBe(firstSaturday!.id);
    expect(after.find((date) => date.id === before[2]!.id)).toMatchObject({ note_uk: "Свято" });
    expect(after.find((date) => date.id === before[2]!.id)?.cancelled_at).not.toBeNull();
    const marks = await t.db.selectFrom("poster_rsvps").select("occurrence_id").where("poster_id", "=", id).execute();
    expect(marks).toEqual([{ occurrence_id: firstSaturday!.id }]);
    expect(after.find((date) => date.id === firstSunday!.id)).toBeUndefined();
  });
});

describe("the lists", () => {
  it("show a weekly series once, at its next date, also when the clock has passed a date or the next one is cancelled", async () => {
    const start = wallAhead(2);
    const id = await insertSeries("shchotyzhnia", `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekdayCode(start)}`, start);
    const shown = async () => {
      const list = await listPosters({ language: "uk", page: 1, when: "upcoming" });
      const mine = list.items.filter((item) => item.id === id);
      expect(mine).toHaveLength(1);
      return mine[0]!.when;
    };
    const [first, second, third] = await dates(id);
    expect((await shown()).iso).toBe(first!.starts_at.toISOString());

    // The clock moves past the first date: the stored dates are moved back instead, as the
    // lists compare with the database's own now().
    const shift = first!.ends_at!.getTime() - Date.now() + 60_000;
    await t.db
      .updateTable("poster_occurrences")
      .set({
        starts_at: sql`starts_at - make_interval(secs => ${shift / 1000})`,
        ends_at: sql`ends_at - make_interval(secs => ${shift / 1000})`,
        original_starts_at: sql`original_starts_at - make_interval(secs => ${shift / 1000})`,
      })
      .where("poster_id", "=", id)
      .execute();
    expect((await shown()).iso).toBe(new Date(second!.starts_at.getTime() - shift).toISOString());

    await t.db.updateTable("poster_occurrences").set({ cancelled_at: new Date() }).where("id", "=", second!.id).execute();
    expect((await shown()).iso).toBe(new Date(third!.starts_at.getTime() - shift).toISOString());
  });
});

function newPosterForm(startsAt: Date, extra: Record<string, string | string[]>) {
  return {
    intent: "save",
    status: "published",
    title_uk: "Повторювана подія",
    description_uk: "<p>Опис.</p>",
    starts_at: `${siteWallClock(startsAt).day}.${siteWallClock(startsAt).month}.${siteWallClock(startsAt).year} 18:00`,
    ends_at: `${siteWallClock(startsAt).day}.${siteWallClock(startsAt).month}.${siteWallClock(startsAt).year} 20:00`,
    ...extra,
  };
}

describe("the editor's Repeats", () => {
  const create = (form: Record<string, string | string[]>) =>
    asStaff(team.editor, contentNew.action, { url: "/dashboard/posters/new-page", params: { type: "posters" }, form });

  it("refuses a weekly series without days, a start that is not one of its dates, an end before the start and a bad count", async () => {
    const start = wallAhead(3);
    const day = weekdayCode(start);
    const other = day === "MO" ? "TU" : "MO";
    const cases: Array<[Record<string, string | string[]>, string]> = [
      [{ repeat: "weekly", repeat_interval: "1", repeat_end: "never" }, "repeat_days"],
      [{ repeat: "weekly", repeat_interval: "1", repeat_days: [other], repeat_end: "never" }, "repeat"],
      [{ repeat: "weekly", repeat_interval: "13", repeat_days: [day], repeat_end: "never" }, "repeat_interval"],
      [{ repeat: "weekly", repeat_interval: "1", repeat_days: [day], repeat_end: "until", repeat_until: "01.01.2020" }, "repeat_until"],
      [{ repeat: "weekly", repeat_interval: "1", repeat_days: [day], repeat_end: "until", repeat_until: "31.02.2030" }, "repeat_until"],
      [{ repeat: "weekly", repeat_interval: "1", repeat_days: [day], repeat_end: "count" }, "repeat_count"],
      [{ repeat: "weekly", repeat_interval: "1", repeat_days: [day], repeat_end: "count", repeat_count: "201" }, "repeat_count"],
      [
        { repeat: "monthly", repeat_interval: "1", repeat_month_week: "5", repeat_month_day: day, repeat_end: "never" },
        "repeat_month_week",
      ],
      [{ repeat: "yearly" }, "repeat"],
    ];
    for (const [extra, field] of cases) {
      const reply = replyOf(await create(newPosterForm(start, extra)));
      expect(reply.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(reply.data.result.error ?? {}), JSON.stringify(extra)).toContain(field);
      // What was typed comes back.
      expect(reply.data.result.initialValue.title_uk).toBe("Повторювана подія");
      expect(reply.data.result.initialValue.repeat).toBe(extra.repeat);
    }
    const count = await t.db
      .selectFrom("posters")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("title_uk", "=", "Повторювана подія")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("stores the rule, makes the dates, and fills the fieldset from the stored rule", async () => {
    const start = wallAhead(3);
    const day = weekdayCode(start);
    const saved = await create(
      newPosterForm(start, {
        repeat: "weekly",
        repeat_interval: "2",
        repeat_days: [day, day === "SU" ? "SA" : "SU"],
        repeat_end: "until",
        repeat_until: "30.06.2030",
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    const row = await t.db
      .selectFrom("posters")
      .select(["id", "recurrence"])
      .where("title_uk", "=", "Повторювана подія")
      .executeTakeFirstOrThrow();
    // UNTIL is the end of that day on the site's clocks (summer time: 21:59:59 UTC).
    expect(row.recurrence).toMatch(new RegExp(`^FREQ=WEEKLY;INTERVAL=2;BYDAY=[A-Z,]+;UNTIL=20300630T215959Z$`));
    const made = await dates(row.id);
    expect(made.length).toBeGreaterThan(40);
    expect(made[0]!.starts_at.getTime()).toBe(fromLocalInput(newPosterForm(start, {}).starts_at)!.getTime());
    expect(made.every((date) => hourOf(date.starts_at) === "18" && hourOf(date.ends_at!) === "20")).toBe(true);

    const page = (await asStaff(team.editor, contentEdit.loader, {
      url: `/dashboard/posters/edit/${row.id}`,
      params: { type: "posters", id: String(row.id) },
    })) as { defaults: Record<string, unknown>; dates: Array<{ id: number }> };
    expect(page.defaults).toMatchObject({ repeat: "weekly", repeat_interval: "2", repeat_end: "until", repeat_until: "30.06.2030" });
    expect([...(page.defaults.repeat_days as string[])].sort()).toEqual([day, day === "SU" ? "SA" : "SU"].sort());
    expect(page.dates.length).toBeGreaterThan(5);

    // Back to one date: the series' other dates go.
    const edit = await asStaff(team.editor, contentEdit.action, {
      url: `/dashboard/posters/edit/${row.id}`,
      params: { type: "posters", id: String(row.id) },
      form: { ...newPosterForm(start, { repeat: "none" }), version: String(page.defaults.version) },
    });
    expect(edit).toBeInstanceOf(Response);
    expect((await dates(row.id)).length).toBe(1);
  });

  it("takes a monthly series on the nth weekday with a number of dates", async () => {
    // A day from the 1st to the 28th: its week of the month is one the form offers.
    const start = [4, 5, 6, 7].map((days) => wallAhead(days)).find((date) => Number(siteWallClock(date).day) <= 28)!;
    const week = Math.ceil(Number(siteWallClock(start).day) / 7);
    const saved = await create(
      newPosterForm(start, {
        repeat: "monthly",
        repeat_interval: "1",
        repeat_month_week: String(week),
        repeat_month_day: weekdayCode(start),
        repeat_end: "count",
        repeat_count: "6",
        title_uk: "Щомісячна подія",
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    const row = await t.db
      .selectFrom("posters")
      .select(["id", "recurrence"])
      .where("title_uk", "=", "Щомісячна подія")
      .executeTakeFirstOrThrow();
    expect(row.recurrence).toBe(`FREQ=MONTHLY;INTERVAL=1;BYDAY=${week}${weekdayCode(start)};COUNT=6`);
    expect(await dates(row.id)).toHaveLength(6);
  });
});

describe("one date of an event", () => {
  let posterId: number;
  let slug: string;
  const edit = (who: Staff, form: Record<string, string>, type = "posters", id = posterId) =>
    asStaff(who, contentEdit.action, { url: `/dashboard/${type}/edit/${id}`, params: { type, id: String(id) }, form });
  const status = async (promise: Promise<unknown>) => {
    try {
      const result = await promise;
      return result instanceof Response ? result.status : replyOf(result).status;
    } catch (error) {
      return (await catchResponse(Promise.reject(error))).status;
    }
  };
  const page = async (query = "") => {
    const response = await servePage(posterItem, { url: `/poster/${slug}${query}`, params: { slug } });
    return { status: response.status, data: response.status === 200 ? ((await response.json()) as any) : null };
  };

  beforeAll(async () => {
    const start = wallAhead(1);
    slug = "subotnia-shkola";
    posterId = await insertSeries(slug, `FREQ=WEEKLY;INTERVAL=1;BYDAY=${weekdayCode(start)}`, start, 3);
  });

  it("is cancelled with a note by staff only, for its own dates, with a notice and an audit entry", async () => {
    const [first, second] = await dates(posterId);
    expect(await status(edit(visitor, { intent: "date_cancel", occurrence: String(first!.id) }))).toBe(403);
    expect(await status(edit(team.editor, { intent: "date_cancel", occurrence: String(fixture.posters["kontsert-nadii"]) }))).toBe(404);
    expect(await status(edit(team.editor, { intent: "date_cancel", occurrence: "2147483647" }))).toBe(404);
    expect(await status(edit(team.editor, { intent: "date_cancel", occurrence: "abc" }))).toBe(400);
    expect(await status(edit(team.editor, { intent: "date_cancel", occurrence: String(first!.id), note_uk: "x".repeat(501) }))).toBe(400);
    expect(
      await status(edit(team.editor, { intent: "date_cancel", occurrence: String(first!.id) }, "news", fixture.news["sviato-vyshyvanky"]!)),
    ).toBe(404);

    const done = await edit(team.editor, {
      intent: "date_cancel",
      occurrence: String(first!.id),
      note_uk: "Хворіє вчитель",
      note_en: "The teacher is ill",
    });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(302);
    const row = await t.db.selectFrom("poster_occurrences").selectAll().where("id", "=", first!.id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
    expect(row).toMatchObject({ note_uk: "Хворіє вчитель", note_en: "The teacher is ill" });
    const notice = await t.db.selectFrom("poster_notices").selectAll().where("occurrence_id", "=", first!.id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "cancelled", author_id: team.editor.id, body: "Хворіє вчитель\n\nThe teacher is ill" });
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "posters")
      .where("entity_id", "=", posterId)
      .execute();
    expect(audit).toHaveLength(1);

    // The page: the series' next date is the second; the first, asked for, is cancelled with its note.
    const shown = await page();
    expect(shown.data.poster.occurrenceId).toBe(second!.id);
    expect(shown.data.series.dates[0]).toMatchObject({ id: first!.id, cancelled: true, note: { text: "Хворіє вчитель" } });
    const cancelled = await page(`?date=${first!.id}`);
    expect(cancelled.data.poster).toMatchObject({ occurrenceId: first!.id, isCancelled: true, dateNote: { text: "Хворіє вчитель" } });
    expect(cancelled.data.jsonLd.eventStatus).toBe("https://schema.org/EventCancelled");

    // Twice says nothing new; restore brings it back.
    const again = await edit(team.editor, { intent: "date_cancel", occurrence: String(first!.id) });
    expect((again as Response).status).toBe(302);
    expect(await t.db.selectFrom("poster_notices").select("id").where("occurrence_id", "=", first!.id).execute()).toHaveLength(1);
    await edit(team.editor, { intent: "date_restore", occurrence: String(first!.id) });
    const restored = await t.db.selectFrom("poster_occurrences").selectAll().where("id", "=", first!.id).executeTakeFirstOrThrow();
    expect(restored).toMatchObject({ cancelled_at: null, note_uk: null });
  });

  it("is moved to a new time (refused beside the field when the time is not one), shown moved, and restored to its rule time", async () => {
    const [, , third] = await dates(posterId);
    const local = (date: Date) => {
      const p = siteWallClock(date);
      return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
    };
    const newStart = new Date(third!.starts_at.getTime() + DAY);
    const bad = replyOf(await edit(team.editor, { intent: "date_move", occurrence: String(third!.id), starts_at: "завтра" }));
    expect(bad.status).toBe(400);
    expect(bad.data.dateReply).toMatchObject({ occurrence: String(third!.id), intent: "date_move" });
    expect(Object.keys(bad.data.dateReply.result.error)).toContain("starts_at");
    const backwards = replyOf(
      await edit(team.editor, {
        intent: "date_move",
        occurrence: String(third!.id),
        starts_at: local(newStart),
        ends_at: local(third!.starts_at),
      }),
    );
    expect(Object.keys(backwards.data.dateReply.result.error)).toContain("ends_at");

    const moved = await edit(team.editor, {
      intent: "date_move",
      occurrence: String(third!.id),
      starts_at: local(newStart),
      ends_at: local(new Date(newStart.getTime() + 2 * HOUR)),
      note_en: "The hall is busy",
    });
    expect((moved as Response).status).toBe(302);
    const row = await t.db.selectFrom("poster_occurrences").selectAll().where("id", "=", third!.id).executeTakeFirstOrThrow();
    expect(row.starts_at.getTime()).toBe(newStart.getTime());
    expect(row.original_starts_at.getTime()).toBe(third!.original_starts_at.getTime());
    expect(row.moved_at).not.toBeNull();
    expect(await t.db.selectFrom("poster_notices").select("kind").where("occurrence_id", "=", third!.id).execute()).toEqual([
      { kind: "moved" },
    ]);
    const shown = await page(`?date=${third!.id}`);
    expect(shown.data.poster).toMatchObject({ occurrenceId: third!.id, isCancelled: false, startsAt: newStart.toISOString() });
    expect(shown.data.poster.movedFrom).toBeTruthy();

    // Re-syncing the rule keeps the move.
    await syncOccurrences(t.db, posterId);
    expect(
      (
        await t.db.selectFrom("poster_occurrences").select("starts_at").where("id", "=", third!.id).executeTakeFirstOrThrow()
      ).starts_at.getTime(),
    ).toBe(newStart.getTime());

    await edit(team.editor, { intent: "date_restore", occurrence: String(third!.id) });
    const back = await t.db.selectFrom("poster_occurrences").selectAll().where("id", "=", third!.id).executeTakeFirstOrThrow();
    expect(back).toMatchObject({ moved_at: null, starts_at: third!.original_starts_at, ends_at: third!.ends_at });
    // Nothing to restore any more.
    expect(await status(edit(team.editor, { intent: "date_restore", occurrence: String(third!.id) }))).toBe(302);
  });

  it("answers 404 for a date that is not the poster's or junk, on the page", async () => {
    expect((await page(`?date=${fixture.posters["kontsert-nadii"]}`)).status).toBe(404);
    for (const junk of ["abc", "0", "-1", "99999999999", "1&date=2"]) expect((await page(`?date=${junk}`)).status, junk).toBe(404);
    const [first] = await dates(posterId);
    expect((await page(`?date=${first!.id}`)).status).toBe(200);
  });

  it("shows a cancelled one-off event as cancelled", async () => {
    const oneOff = fixture.posters["kontsert-nadii"]!;
    const [date] = await dates(oneOff);
    await t.db.updateTable("poster_occurrences").set({ cancelled_at: new Date() }).where("id", "=", date!.id).execute();
    const response = await servePage(posterItem, { url: "/poster/kontsert-nadii", params: { slug: "kontsert-nadii" } });
    expect(((await response.json()) as any).poster.isCancelled).toBe(true);
    const file = await (
      await servePage(eventFileRoute, { url: "/poster/kontsert-nadii/event.ics", params: { slug: "kontsert-nadii" } })
    ).text();
    expect(file).toContain("STATUS:CANCELLED");
    const feed = await (await servePage(calendarRoute, { url: "/poster/calendar.ics" })).text();
    expect(feed).not.toContain(`poster-${oneOff}@`);
    await t.db.updateTable("poster_occurrences").set({ cancelled_at: null }).where("id", "=", date!.id).execute();
  });
});

describe("the calendar files", () => {
  it("write a weekly series once, with its cancelled date left out and its moved date moved, as ical.js expands it", async () => {
    const start = wallAhead(1, 18);
    const code = weekdayCode(start);
    const id = await insertSeries("ical-seriia", `FREQ=WEEKLY;INTERVAL=1;BYDAY=${code}`, start, 2);
    const rows = await dates(id);
    const cancelled = rows[1]!;
    const moved = rows[2]!;
    const movedTo = new Date(moved.starts_at.getTime() + DAY + HOUR);
    await t.db.updateTable("poster_occurrences").set({ cancelled_at: new Date() }).where("id", "=", cancelled.id).execute();
    await t.db
      .updateTable("poster_occurrences")
      .set({ starts_at: movedTo, ends_at: new Date(movedTo.getTime() + 2 * HOUR), moved_at: new Date() })
      .where("id", "=", moved.id)
      .execute();

    const text = await (await servePage(calendarRoute, { url: "/poster/calendar.ics" })).text();
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Warsaw");
    expect(text).toContain(`RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=${code}`);
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
    const mine = calendar
      .getAllSubcomponents("vevent")
      .filter((event) => String(event.getFirstPropertyValue("uid")).startsWith(`poster-${id}@`));
    expect(mine).toHaveLength(2);
    const master = mine.find((event) => !event.hasProperty("recurrence-id"))!;
    const exceptions = mine.filter((event) => event.hasProperty("recurrence-id")).map((event) => new ICAL.Event(event));
    const series = new ICAL.Event(master, { exceptions });
    expect(series.isRecurring()).toBe(true);

    const until = Date.now() + 90 * DAY;
    const iterator = series.iterator();
    const seen: Array<{ start: string; end: string }> = [];
    for (let next = iterator.next(); next && next.toJSDate().getTime() < until; next = iterator.next()) {
      const details = series.getOccurrenceDetails(next);
      seen.push({ start: details.startDate.toJSDate().toISOString(), end: details.endDate.toJSDate().toISOString() });
    }
    const expected = rows
      .filter((row) => row.original_starts_at.getTime() < until && row.id !== cancelled.id)
      .map((row) =>
        row.id === moved.id
          ? { start: movedTo.toISOString(), end: new Date(movedTo.getTime() + 2 * HOUR).toISOString() }
          : { start: row.starts_at.toISOString(), end: row.ends_at!.toISOString() },
      );
    expect(seen).toEqual(expected);
    expect(seen.length).toBeGreaterThan(10);

    // The event's own file holds the same series.
    const slugRow = await t.db.selectFrom("posters").select("slug").where("id", "=", id).executeTakeFirstOrThrow();
    const file = await servePage(eventFileRoute, { url: `/poster/${slugRow.slug}/event.ics`, params: { slug: slugRow.slug } });
    const single = new ICAL.Component(ICAL.parse(await file.text()));
    const events = single.getAllSubcomponents("vevent");
    expect(events).toHaveLength(2);
    expect(String(events[0]!.getFirstPropertyValue("rrule"))).toContain(`BYDAY=${code}`);
    expect(events[0]!.getAllProperties("exdate")).toHaveLength(1);
  });
});
