// The posters' calendar: the iCalendar files (parsed by a real parser, ical.js), the
// subscribable calendar's filters and caching, "I'm going" with a capacity, and the reminder
// mail the day before.
import ICAL from "ical.js";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as calendarRoute from "#app/routes/feeds-posters-calendar/route.ts";
import * as eventFileRoute from "#app/routes/feeds-poster-ics/route.ts";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as posters from "#app/routes/posters/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import { enqueue } from "#app/platform/jobs/queue.server.ts";
import { eventRemindersJob } from "#app/modules/posters/reminders.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { calendarIcs, type CalendarEvent } from "#app/modules/posters/ics.ts";
import { sendEventReminders } from "#app/modules/posters/reminders.server.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { firstOccurrenceId } from "../support/rows.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { ago, ahead, DAY, HOUR, insertFixture, servePage, type Fixture } from "./content-support.ts";
import { asStaff, replyOf, staff, toLocalInput } from "./dashboard-support.ts";

const t = useTestDatabase();
let fixture: Fixture;
let dataDir: string;

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  fixture = await insertFixture(t.db);
});

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

type ParsedEvent = { uid: string; summary: string; location: string | null; description: string; start: string; url: string };

/** Parses with ical.js and checks what it leaves to the writer: CRLF only, no line over 75 octets. */
function parseCalendar(text: string): { name: string | null; events: ParsedEvent[] } {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    expect(component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location || null,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      url: String(component.getFirstPropertyValue("url")),
    };
  });
  // An X- property is no TEXT to the parser: its escapes are undone here.
  const name = calendar.getFirstPropertyValue("x-wr-calname");
  return {
    name: name
      ? String(name)
          .replace(/\\n/gi, "\n")
          .replace(/\\([\\;,])/g, "$1")
      : null,
    events,
  };
}

async function calendar(url: string, headers?: HeadersInit) {
  const response = await servePage(calendarRoute, { url, headers });
  return { response, parsed: response.status === 200 ? parseCalendar(await response.clone().text()) : null };
}

describe("the iCalendar writer", () => {
  it("escapes and folds long and odd titles so that a parser reads them back as written", () => {
    const odd = `Концерт, танці; «Вечір\\ніч» — ${"довга назва ".repeat(12)}🎻\nдругий рядок`;
    const event: CalendarEvent = {
      uid: "poster-7@portal.example",
      start: new Date("2026-12-05T18:00:00Z"),
      end: new Date("2026-12-05T21:00:00Z"),
      title: odd,
      location: "Філармонія, вул. Ясна 5; Варшава",
      description: `Опис\r\nз рядками\tі табуляцією\u0007${"ї".repeat(100)}`,
      url: "https://portal.example/poster/kontsert",
      stamp: new Date("2026-11-01T10:00:00Z"),
    };
    const text = calendarIcs({ name: "Афіша, події; все — Діаспора", description: "Найближчі події" }, [
      event,
      { ...event, uid: "poster-8@portal.example", end: null },
    ]);
    const { name, events } = parseCalendar(text);
    expect(name).toBe("Афіша, події; все — Діаспора");
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      uid: "poster-7@portal.example",
      summary: odd,
      location: "Філармонія, вул. Ясна 5; Варшава",
      start: "2026-12-05T18:00:00.000Z",
    });
    // The bell character is no TEXT; CRLF inside the text is one line break.
    expect(events[0]!.description).toBe(`Опис\nз рядками\tі табуляцією${"ї".repeat(100)}`);
    expect(text).toContain("DTEND:20261205T210000Z\r\n");
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
  });
});

describe("/poster/calendar.ics", () => {
  it("lists every upcoming public event, with addresses from PUBLIC_URL whatever the Host", async () => {
    const { response, parsed } = await calendar("http://evil.example/poster/calendar.ics", {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const uids = parsed!.events.map((event) => event.uid).sort();
    expect(uids).toEqual(
      [`poster-${fixture.posters["kontsert-nadii"]}@portal.example`, `poster-${fixture.posters["vystavka-berlin"]}@portal.example`].sort(),
    );
    const concert = parsed!.events.find((event) => event.url.endsWith("/kontsert-nadii"))!;
    expect(concert).toMatchObject({
      summary: "Концерт «Голоси надії»",
      url: "https://portal.example/poster/kontsert-nadii",
      location: "Філармонія, вул. Ясна 5, Варшава",
    });
    expect(concert.description).toContain("Благодійний концерт, квитки на сайті.");
    expect(response.headers.get("Cache-Control")).toContain("public");
    expect(await response.text()).not.toContain("evil.example");
  });

  it("filters by category and location slugs, in the path's language", async () => {
    const concerts = await calendar("/us/poster/calendar.ics?category=kontserty");
    expect(concerts.parsed!.events.map((event) => event.summary)).toEqual(["“Voices of hope” concert"]);
    expect(concerts.parsed!.events[0]!.url).toBe("https://portal.example/us/poster/kontsert-nadii");
    expect(concerts.parsed!.name).toContain("Concerts");
    const berlin = await calendar("/poster/calendar.ics?location=berlin");
    expect(berlin.parsed!.events.map((event) => event.summary)).toEqual(["Виставка рушників"]);
    const none = await calendar("/poster/calendar.ics?category=kontserty&location=berlin");
    expect(none.parsed!.events).toEqual([]);
    const empty = await calendar("/poster/calendar.ics?category=&location=");
    expect(empty.parsed!.events).toHaveLength(2);
  });

  it("answers an unknown, repeated or malformed filter with a 404, never a 500", async () => {
    for (const query of [
      "category=nemaie",
      "location=paryzh",
      "category=kontserty&category=kontserty",
      "location=%00",
      "category=%E2%80%AE",
      "category=news-kultura",
      `category=${"x".repeat(5000)}`,
    ]) {
      const { response } = await calendar(`/poster/calendar.ics?${query}`);
      expect(response.status, query).toBe(404);
    }
    // A news category is no poster category.
    expect((await calendar("/poster/calendar.ics?category=kultura")).response.status).toBe(404);
  });

  it("is kept like the feeds: a hit from memory, an ETag answered with 304, rebuilt after a change", async () => {
    const first = await calendar("/poster/calendar.ics");
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    const etag = first.response.headers.get("ETag")!;
    const second = await servePage(calendarRoute, { url: "/poster/calendar.ics" });
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const unchanged = await servePage(calendarRoute, { url: "/poster/calendar.ics", headers: { "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);
    await t.db
      .updateTable("posters")
      .set({ title_uk: "Концерт «Голоси надії» — нова дата" })
      .where("slug", "=", "kontsert-nadii")
      .execute();
    resetContentState();
    const after = await calendar("/poster/calendar.ics");
    expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(after.parsed!.events.map((event) => event.summary)).toContain("Концерт «Голоси надії» — нова дата");
    await t.db.updateTable("posters").set({ title_uk: "Концерт «Голоси надії»" }).where("slug", "=", "kontsert-nadii").execute();
  });

  it("is offered on the posters lists for their filter, over webcal and https", async () => {
    const list = JSON.parse(await (await servePage(posters, { url: "/us/poster?location=varshava" })).text()) as {
      calendar: { url: string; webcal: string };
    };
    expect(list.calendar).toEqual({
      url: "https://portal.example/us/poster/calendar.ics?location=varshava",
      webcal: "webcal://portal.example/us/poster/calendar.ics?location=varshava",
    });
  });
});

describe("/poster/{slug}/event.ics", () => {
  it("is the same event, from the same writer, as in the calendar", async () => {
    const response = await servePage(eventFileRoute, { url: "/poster/kontsert-nadii/event.ics", params: { slug: "kontsert-nadii" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="kontsert-nadii.ics"');
    const single = parseCalendar(await response.text()).events;
    const all = (await calendar("/poster/calendar.ics")).parsed!.events;
    expect(single).toHaveLength(1);
    expect(all.find((event) => event.uid === single[0]!.uid)).toEqual(single[0]);
  });
});

describe("I'm going", () => {
  const slug = "kontsert-nadii";
  const posterId = () => fixture.posters[slug]!;
  let dateId: number;

  beforeAll(async () => {
    dateId = await firstOccurrenceId(t.db, posterId());
  });

  beforeEach(async () => {
    await t.db.deleteFrom("poster_rsvps").execute();
    await t.db.deleteFrom("poster_reminders").execute();
    await t.db.deleteFrom("rate_limit_events").execute();
    await t.db.updateTable("posters").set({ capacity: null }).where("id", "=", posterId()).execute();
  });

  async function rsvp(cookie: string | null, form: Record<string, string> = { intent: "rsvp", date: String(dateId) }, target = slug) {
    return catchResponse(
      callWithSession(posterItem.action, { url: `/poster/${target}`, method: "POST", form, params: { slug: target }, cookie }).then(
        ({ result }) => {
          if (result instanceof Response) return result;
          const { data, status, headers } = unwrapData(result);
          return new Response(JSON.stringify(data), { status, headers });
        },
      ),
    );
  }

  async function page(cookie: string | null) {
    const { result } = await callWithSession(posterItem.loader, { url: `/poster/${slug}`, params: { slug }, cookie });
    return result.rsvp;
  }

  it("toggles the signed-in user's mark: going, then undone, each with a toast and back to the page", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const going = await rsvp(cookie);
    expect(going.status).toBe(302);
    expect(going.headers.get("Location")).toBe(`/poster/${slug}`);
    expect(going.headers.get("Set-Cookie")).toContain("__flash");
    expect(await page(cookie)).toMatchObject({ count: 1, mine: "going", signedIn: true, full: false, occurrenceId: dateId });
    expect(await page(null)).toMatchObject({
      count: 1,
      mine: null,
      signedIn: false,
      loginHref: `/login?redirect=${encodeURIComponent(`/poster/${slug}`)}`,
    });
    const undone = await rsvp(cookie);
    expect(undone.status).toBe(302);
    expect(await page(cookie)).toMatchObject({ count: 0, mine: null });
  });

  it("sends a signed-out visitor to sign in and back; refuses bad input and unknown events", async () => {
    const anonymous = await rsvp(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(`/poster/${slug}`)}`);
    const cookie = await sessionCookieFor((await makeUser()).id);
    expect((await rsvp(cookie, { intent: "delete", date: String(dateId) })).status).toBe(400);
    expect((await rsvp(cookie, {})).status).toBe(400);
    const date = String(dateId);
    expect((await rsvp(cookie, { intent: "rsvp", date }, "chernetka-podii")).status).toBe(404);
    expect((await rsvp(cookie, { intent: "rsvp", date }, "nemaie")).status).toBe(404);
    const pastDate = String(await firstOccurrenceId(t.db, fixture.posters["mynulyi-yarmarok"]!));
    const past = await rsvp(cookie, { intent: "rsvp", date: pastDate }, "mynulyi-yarmarok");
    expect(past.status).toBe(409);
    expect(await past.json()).toEqual({ refused: "over" });
    expect(await t.db.selectFrom("poster_rsvps").selectAll().execute()).toEqual([]);
  });

  it("puts a newcomer past the capacity on the waiting list; one going can still leave, and the first waiting gets the place", async () => {
    await t.db.updateTable("posters").set({ capacity: 1 }).where("id", "=", posterId()).execute();
    const first = await sessionCookieFor((await makeUser()).id);
    const second = await sessionCookieFor((await makeUser()).id);
    expect((await rsvp(first)).status).toBe(302);
    expect(await page(second)).toMatchObject({ count: 1, capacity: 1, placesLeft: 0, full: true, mine: null });
    const waiting = await rsvp(second);
    expect(waiting.status).toBe(302);
    expect(waiting.headers.get("Set-Cookie")).toContain("__flash");
    expect(await page(second)).toMatchObject({ count: 1, waiting: 1, mine: "waiting", position: 1 });
    expect(await page(first)).toMatchObject({ count: 1, waiting: 1, full: true, mine: "going", position: null });
    expect((await rsvp(first)).status).toBe(302);
    expect(await page(second)).toMatchObject({ count: 1, waiting: 0, mine: "going", full: true });
    expect(await page(first)).toMatchObject({ mine: null });
  });

  it("takes its capacity from the poster's staff form, where a bad number is refused beside the field", async () => {
    const editor = await staff("editor");
    const form = {
      intent: "save",
      status: "published",
      title_uk: "Зустріч з місцями",
      description_uk: "<p>Опис.</p>",
      starts_at: toLocalInput(ahead(4 * DAY)),
    };
    const create = (capacity: string) =>
      asStaff(editor, contentNew.action, { url: "/dashboard/posters/new-page", params: { type: "posters" }, form: { ...form, capacity } });
    for (const bad of ["0", "-3", "2.5", "many"]) expect(replyOf(await create(bad)).status, bad).toBe(400);
    const saved = await create("12");
    expect(saved).toBeInstanceOf(Response);
    const row = await t.db
      .selectFrom("posters")
      .select(["slug", "capacity"])
      .where("title_uk", "=", "Зустріч з місцями")
      .executeTakeFirstOrThrow();
    expect(row.capacity).toBe(12);
    const { result } = await callWithSession(posterItem.loader, { url: `/poster/${row.slug}`, params: { slug: row.slug } });
    expect(result.rsvp).toMatchObject({ count: 0, capacity: 12, full: false });
  });

  it("takes the last place once when two ask at the same time: one goes, the other waits", async () => {
    await t.db.updateTable("posters").set({ capacity: 1 }).where("id", "=", posterId()).execute();
    const cookies = await Promise.all([makeUser(), makeUser()].map(async (user) => sessionCookieFor((await user).id)));
    const statuses = (await Promise.all(cookies.map((cookie) => rsvp(cookie)))).map((response) => response.status);
    expect(statuses).toEqual([302, 302]);
    const marks = await t.db.selectFrom("poster_rsvps").select("status").orderBy("status").execute();
    expect(marks.map((mark) => mark.status)).toEqual(["going", "waiting"]);
  });

  it("keeps the viewer's mark out of the cached page, and the cached count follows an RSVP", async () => {
    const before = await servePage(posterItem, { url: `/poster/${slug}`, params: { slug } });
    expect(before.headers.get("X-Page-Cache")).toBe("miss");
    expect(JSON.parse(await before.text()).rsvp).toMatchObject({ count: 0, mine: null });
    expect((await servePage(posterItem, { url: `/poster/${slug}`, params: { slug } })).headers.get("X-Page-Cache")).toBe("hit");
    const cookie = await sessionCookieFor((await makeUser()).id);
    // A signed-in page is private and not kept.
    const mine = await servePage(posterItem, { url: `/poster/${slug}`, params: { slug }, cookie });
    expect(mine.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(mine.headers.get("X-Page-Cache")).toBeNull();
    await rsvp(cookie);
    resetContentState();
    const after = await servePage(posterItem, { url: `/poster/${slug}`, params: { slug } });
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(JSON.parse(await after.text()).rsvp).toMatchObject({ count: 1, mine: null, position: null, signedIn: false });
  });
});

describe("the reminder the day before", () => {
  let soonId: number;
  let soonDate: number;
  let concertDate: number;
  /** A going mark on the one-off event's date. */
  const going = (posterId: number, dateId: number, userId: number) => ({ poster_id: posterId, occurrence_id: dateId, user_id: userId });

  beforeAll(async () => {
    const row = await t.db
      .insertInto("posters")
      .values({
        slug: "zavtra-vechir",
        title_uk: "Вечір поезії",
        title_en: "Poetry evening",
        description_uk: "<p>Вірші.</p>",
        venue_uk: "Бібліотека",
        venue_en: "Library",
        location_id: fixture.locations.berlin,
        starts_at: ahead(20 * HOUR),
        status: "published",
        published_at: ago(DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    soonId = row.id;
    soonDate = await firstOccurrenceId(t.db, soonId);
    concertDate = await firstOccurrenceId(t.db, fixture.posters["kontsert-nadii"]!);
  });

  beforeEach(async () => {
    await t.db.deleteFrom("poster_rsvps").execute();
    await t.db.deleteFrom("poster_reminders").execute();
  });

  /** The mails to `email`, with the text part as a person reads it (base64 undone). */
  const remindersTo = (email: string) =>
    readOutbox(dataDir)
      .filter((mail) => mail.to.includes(email))
      .map((mail) => {
        const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: base64\n\n([A-Za-z0-9+/=\n]+)/.exec(
          mail.raw.replace(/\r\n/g, "\n"),
        );
        return { ...mail, text: part ? Buffer.from(part[1]!.replace(/\n/g, ""), "base64").toString("utf8") : mail.text };
      });

  it("mails each user going once, in their language, whatever the scans and the undo-and-redo", async () => {
    const olena = await makeUser({ name: "Олена" });
    const john = await makeUser({ name: "John" });
    await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", john.id).execute();
    // Going to an event further away than a day: no reminder yet.
    await t.db
      .insertInto("poster_rsvps")
      .values([
        going(soonId, soonDate, olena.id),
        going(soonId, soonDate, john.id),
        going(fixture.posters["kontsert-nadii"]!, concertDate, olena.id),
      ])
      .execute();
    const [a, b] = await Promise.all([sendEventReminders(new Date(), t.db), sendEventReminders(new Date(), t.db)]);
    expect(a + b).toBe(2);
    expect(await sendEventReminders(new Date(), t.db)).toBe(0);

    const [uk] = remindersTo(olena.email);
    expect(remindersTo(olena.email)).toHaveLength(1);
    expect(uk!.subject).toBe("Завтра: Вечір поезії");
    expect(uk!.text).toContain("Вітаємо, Олена!");
    expect(uk!.text).toContain("Де: Бібліотека, Берлін");
    expect(uk!.text).toContain("https://portal.example/poster/zavtra-vechir");
    const [en] = remindersTo(john.email);
    expect(en!.subject).toBe("Tomorrow: Poetry evening");
    expect(en!.text).toContain("Where: Library, Berlin");
    expect(en!.text).toContain("https://portal.example/us/poster/zavtra-vechir");

    // Undoing and going again does not send it a second time.
    await t.db.deleteFrom("poster_rsvps").where("user_id", "=", john.id).execute();
    await t.db
      .insertInto("poster_rsvps")
      .values(going(soonId, soonDate, john.id))
      .execute();
    expect(await sendEventReminders(new Date(), t.db)).toBe(0);
    // The concert's day comes: then Olena gets that one (half a day before it starts, whatever
    // the hour the suite runs at).
    const concert = await t.db
      .selectFrom("posters")
      .select("starts_at")
      .where("id", "=", fixture.posters["kontsert-nadii"]!)
      .executeTakeFirstOrThrow();
    expect(await sendEventReminders(new Date(new Date(concert.starts_at).getTime() - DAY / 2), t.db)).toBe(1);
  });

  it("runs as a job of the queue", async () => {
    const user = await makeUser();
    await t.db
      .insertInto("poster_rsvps")
      .values(going(soonId, soonDate, user.id))
      .execute();
    await enqueue(eventRemindersJob, {});
    const totals = await runQueuedJobs();
    expect(totals.failed).toBe(0);
    expect(remindersTo(user.email)).toHaveLength(1);
    await enqueue(eventRemindersJob, {});
    await runQueuedJobs();
    expect(remindersTo(user.email)).toHaveLength(1);
  });

  it("skips events that are not public, users who are blocked and addresses not confirmed", async () => {
    const user = await makeUser();
    const blocked = await makeUser();
    const unconfirmed = await makeUser({ verified: false });
    await t.db
      .insertInto("poster_rsvps")
      .values(going(soonId, soonDate, unconfirmed.id))
      .execute();
    await t.db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", blocked.id).execute();
    await t.db
      .insertInto("poster_rsvps")
      .values(going(soonId, soonDate, blocked.id))
      .execute();
    const draft = await t.db
      .insertInto("posters")
      .values({ slug: "chernetka-zavtra", title_uk: "Чернетка", starts_at: ahead(10 * HOUR), status: "draft" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("poster_rsvps")
      .values(going(draft.id, await firstOccurrenceId(t.db, draft.id), user.id))
      .execute();
    expect(await sendEventReminders(new Date(), t.db)).toBe(0);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from poster_reminders`.execute(t.db)).rows[0]!.n)).toBe(0);
  });
});
