// "I'm going" per date with a waiting list: positions in order of arrival, the first waiting
// promoted when someone going leaves (mailed once, however often its job runs), the last place
// taken once by parallel posts, junk dates refused with 400/404, and the day-before reminder
// per date to those going only, never for a cancelled date.
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import { enqueue } from "#app/platform/jobs/queue.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { waitlistPromotedJob } from "#app/modules/posters/promotion.server.ts";
import { sendEventReminders } from "#app/modules/posters/reminders.server.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { firstOccurrenceId } from "../support/rows.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { ago, ahead, DAY, HOUR, insertFixture, type Fixture } from "./content-support.ts";

const t = useTestDatabase();
let fixture: Fixture;
let dataDir: string;
const slug = "kontsert-nadii";
let posterId: number;
let dateId: number;

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  fixture = await insertFixture(t.db);
  posterId = fixture.posters[slug]!;
  dateId = await firstOccurrenceId(t.db, posterId);
});

beforeEach(async () => {
  await t.db.deleteFrom("poster_rsvps").execute();
  await t.db.deleteFrom("poster_reminders").execute();
  await t.db.deleteFrom("rate_limit_events").execute();
  await t.db.updateTable("posters").set({ capacity: 1 }).where("id", "=", posterId).execute();
});

async function post(cookie: string, form: Record<string, string>, target = slug, query = ""): Promise<Response> {
  return catchResponse(
    callWithSession(posterItem.action, { url: `/poster/${target}${query}`, method: "POST", form, params: { slug: target }, cookie }).then(
      ({ result }) => {
        if (result instanceof Response) return result;
        const { data, status, headers } = unwrapData(result);
        return new Response(JSON.stringify(data), { status, headers });
      },
    ),
  );
}

const rsvp = (cookie: string) => post(cookie, { intent: "rsvp", date: String(dateId) });

async function state(cookie: string | null) {
  const { result } = await callWithSession(posterItem.loader, { url: `/poster/${slug}`, params: { slug }, cookie });
  return result.rsvp;
}

async function person(options: { locale?: "ua" | "us"; name?: string } = {}) {
  const user = await makeUser({ name: options.name });
  if (options.locale) await t.db.updateTable("users").set({ preferred_locale: options.locale }).where("id", "=", user.id).execute();
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

const mailsTo = (email: string) => readOutbox(dataDir).filter((mail) => mail.to.includes(email));

describe("the waiting list", () => {
  it("queues newcomers past the capacity in order of arrival, and moves them up as those ahead leave it", async () => {
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    for (const who of [a, b, c, d]) expect((await rsvp(who.cookie)).status).toBe(302);
    expect(await state(a.cookie)).toMatchObject({ count: 1, waiting: 3, placesLeft: 0, full: true, mine: "going", position: null });
    expect(await state(b.cookie)).toMatchObject({ mine: "waiting", position: 1 });
    expect(await state(c.cookie)).toMatchObject({ mine: "waiting", position: 2 });
    expect(await state(d.cookie)).toMatchObject({ mine: "waiting", position: 3 });
    // The anonymous page holds the counts, never anyone's place.
    expect(await state(null)).toMatchObject({ count: 1, waiting: 3, mine: null, position: null });

    // Leaving the waiting list frees no place: nobody is promoted, those behind move up.
    const left = await post(b.cookie, { intent: "rsvp", date: String(dateId) });
    expect(left.status).toBe(302);
    expect(await state(c.cookie)).toMatchObject({ count: 1, waiting: 2, mine: "waiting", position: 1 });
    expect(await state(d.cookie)).toMatchObject({ mine: "waiting", position: 2 });
    const rows = await t.db.selectFrom("poster_rsvps").select(["user_id", "promoted_at"]).where("promoted_at", "is not", null).execute();
    expect(rows).toEqual([]);
  });

  it("says the newcomer's place in the toast and keeps the page's chosen date on the way back", async () => {
    const [a, b] = [await person(), await person()];
    await rsvp(a.cookie);
    const joined = await post(b.cookie, { intent: "rsvp", date: String(dateId) }, slug, `?date=${dateId}`);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/poster/${slug}?date=${dateId}`);
    const cookie = /__flash=([^.;]+)/.exec(decodeURIComponent(joined.headers.get("Set-Cookie")!))![1]!;
    expect(JSON.parse(Buffer.from(cookie, "base64").toString("utf8"))).toMatchObject({
      message: "events:rsvp.flash_waiting",
      values: { position: 1 },
    });
  });

  it("promotes the first waiting when someone going leaves, in the same transaction, and mails them once in their language", async () => {
    const a = await person();
    const b = await person({ locale: "us", name: "John" });
    const c = await person();
    for (const who of [a, b, c]) await rsvp(who.cookie);
    expect((await rsvp(a.cookie)).status).toBe(302);

    const promoted = await t.db
      .selectFrom("poster_rsvps")
      .select(["user_id", "status", "promoted_at", "promotion_mailed_at"])
      .orderBy("user_id")
      .execute();
    expect(promoted).toEqual([
      { user_id: b.id, status: "going", promoted_at: expect.any(Date), promotion_mailed_at: null },
      { user_id: c.id, status: "waiting", promoted_at: null, promotion_mailed_at: null },
    ]);
    expect(await state(b.cookie)).toMatchObject({ count: 1, waiting: 1, mine: "going" });
    expect(await state(c.cookie)).toMatchObject({ mine: "waiting", position: 1 });

    // The job queued by the action, and the same job queued again: one mail.
    await enqueue(waitlistPromotedJob, { occurrenceId: dateId, userId: b.id });
    expect((await runQueuedJobs()).failed).toBe(0);
    await enqueue(waitlistPromotedJob, { occurrenceId: dateId, userId: b.id });
    expect((await runQueuedJobs()).failed).toBe(0);
    const mails = mailsTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^A place for you: “Voices of hope” concert, /);
    expect(mails[0]!.link).toBe(`https://portal.example/us/poster/${slug}?date=${dateId}`);
    expect(mailsTo(c.email)).toEqual([]);
    expect(mailsTo(a.email)).toEqual([]);

    // A promoted person who can no longer come leaves with the same button; the next gets the place.
    expect((await rsvp(b.cookie)).status).toBe(302);
    expect(await state(c.cookie)).toMatchObject({ count: 1, waiting: 0, mine: "going" });
    await runQueuedJobs();
    expect(mailsTo(c.email)).toHaveLength(1);
    expect(mailsTo(c.email)[0]!.subject).toMatch(/^Для вас є місце: Концерт «Голоси надії», /);
    expect(mailsTo(b.email)).toHaveLength(1);
  });

  it("mails nobody for a job whose person was not promoted or does not exist", async () => {
    const a = await person();
    await rsvp(a.cookie);
    await enqueue(waitlistPromotedJob, { occurrenceId: dateId, userId: a.id });
    await enqueue(waitlistPromotedJob, { occurrenceId: dateId, userId: 999_999 });
    expect((await runQueuedJobs()).failed).toBe(0);
    expect(mailsTo(a.email)).toEqual([]);
  });

  it("takes the last places once when many ask at the same time, and gives freed places once when several leave at once", async () => {
    await t.db.updateTable("posters").set({ capacity: 2 }).where("id", "=", posterId).execute();
    const people = await Promise.all([person(), person(), person(), person(), person()]);
    const statuses = (await Promise.all(people.map((who) => rsvp(who.cookie)))).map((response) => response.status);
    expect(statuses).toEqual([302, 302, 302, 302, 302]);
    const marks = async () =>
      (await t.db.selectFrom("poster_rsvps").select(["user_id", "status"]).execute()).reduce<Record<string, number[]>>((by, row) => {
        (by[row.status] ??= []).push(row.user_id);
        return by;
      }, {});
    const before = await marks();
    expect(before.going).toHaveLength(2);
    expect(before.waiting).toHaveLength(3);
    // Both going leave at once: two of the three waiting get the places, each once.
    const goers = people.filter((who) => before.going!.includes(who.id));
    await Promise.all(goers.map((who) => rsvp(who.cookie)));
    const after = await marks();
    expect(after.going).toHaveLength(2);
    expect(after.waiting).toHaveLength(1);
    await runQueuedJobs();
    for (const id of after.going!) expect(mailsTo(people.find((who) => who.id === id)!.email)).toHaveLength(1);
  });
});

// PostgreSQL only: PGlite has one connection, so nothing there runs beside the RSVP.
it.skipIf(!process.env.DATABASE_URL)("takes a place only while holding the date's row, so parallel RSVPs wait for each other", async () => {
  const a = await person();
  let locked!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom("poster_occurrences").select("id").where("id", "=", dateId).forUpdate().execute();
    locked();
    await released;
  });
  await holding;
  const posted = rsvp(a.cookie);
  const waitingForTheDate = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "poster_occurrences"%for update%'`.execute(
        t.db,
      )
    ).rows[0]!.n;
  try {
    await expect.poll(waitingForTheDate).toBe(1);
    expect(await t.db.selectFrom("poster_rsvps").selectAll().execute()).toEqual([]);
  } finally {
    release();
    await holder;
  }
  expect((await posted).status).toBe(302);
  expect(await t.db.selectFrom("poster_rsvps").select(["user_id", "status"]).execute()).toEqual([{ user_id: a.id, status: "going" }]);
});

describe("the date posted", () => {
  it("answers junk with 400 and a date of another event or none with 404, never a 500", async () => {
    const a = await person();
    for (const junk of ["", "abc", "0", "-1", "1.5", "1e3", " 7", "99999999999", "2147483648", "%00", `${dateId}x`]) {
      expect((await post(a.cookie, { intent: "rsvp", date: junk })).status, junk).toBe(400);
    }
    expect((await post(a.cookie, { intent: "rsvp" })).status).toBe(400);
    const otherDate = await firstOccurrenceId(t.db, fixture.posters["vystavka-berlin"]!);
    expect((await post(a.cookie, { intent: "rsvp", date: String(otherDate) })).status).toBe(404);
    expect((await post(a.cookie, { intent: "rsvp", date: "999999999" })).status).toBe(404);
    expect(await t.db.selectFrom("poster_rsvps").selectAll().execute()).toEqual([]);
  });

  it("refuses a cancelled date with 409 and keeps its marks", async () => {
    const a = await person();
    await rsvp(a.cookie);
    await t.db.updateTable("poster_occurrences").set({ cancelled_at: new Date() }).where("id", "=", dateId).execute();
    try {
      const refused = await rsvp(a.cookie);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ refused: "cancelled" });
      expect(await t.db.selectFrom("poster_rsvps").select("user_id").execute()).toEqual([{ user_id: a.id }]);
    } finally {
      await t.db.updateTable("poster_occurrences").set({ cancelled_at: null }).where("id", "=", dateId).execute();
    }
  });
});

describe("the reminder per date", () => {
  it("mails those going to a date starting within a day, at that date's own start, not the waiting, not a cancelled date", async () => {
    // A series whose first date is far off: its dates have their own starts.
    const series = await t.db
      .insertInto("posters")
      .values({
        slug: "shchotyzhnevyi-khor",
        title_uk: "Хор щотижня",
        title_en: "Weekly choir",
        description_uk: "<p>Співаємо.</p>",
        starts_at: ahead(30 * DAY),
        recurrence: "FREQ=WEEKLY",
        status: "published",
        published_at: ago(DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const addDate = async (startsIn: number, cancelled = false) =>
      (
        await t.db
          .insertInto("poster_occurrences")
          .values({
            poster_id: series.id,
            original_starts_at: ahead(startsIn),
            starts_at: ahead(startsIn),
            cancelled_at: cancelled ? new Date() : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const tomorrow = await addDate(20 * HOUR);
    const cancelled = await addDate(21 * HOUR, true);
    const later = await addDate(3 * DAY);
    const [going, waiting, onCancelled, onLater] = [await person(), await person(), await person(), await person()];
    const mark = (occurrenceId: number, userId: number, status: "going" | "waiting" = "going") => ({
      poster_id: series.id,
      occurrence_id: occurrenceId,
      user_id: userId,
      status,
    });
    await t.db
      .insertInto("poster_rsvps")
      .values([mark(tomorrow, going.id), mark(tomorrow, waiting.id, "waiting"), mark(cancelled, onCancelled.id), mark(later, onLater.id)])
      .execute();
    expect(await sendEventReminders(new Date(), t.db)).toBe(1);
    expect(await sendEventReminders(new Date(), t.db)).toBe(0);
    const [mail] = mailsTo(going.email);
    expect(mail!.subject).toBe("Завтра: Хор щотижня");
    expect(mail!.link).toBe(`https://portal.example/poster/shchotyzhnevyi-khor?date=${tomorrow}`);
    for (const who of [waiting, onCancelled, onLater]) expect(mailsTo(who.email)).toEqual([]);
    expect(await t.db.selectFrom("poster_reminders").select(["occurrence_id", "user_id"]).execute()).toEqual([
      { occurrence_id: tomorrow, user_id: going.id },
    ]);
    // The later date's day comes: its reminder goes then, once.
    expect(await sendEventReminders(new Date(Date.now() + 2.5 * DAY), t.db)).toBe(1);
    expect(mailsTo(onLater.email)).toHaveLength(1);
  });
});
