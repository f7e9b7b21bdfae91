// Diaspora organisations' members: staff and owners invite existing accounts, the invited
// accept or decline in the cabinet, the last owner stays; members publish the organisation's
// events (live when it is trusted, through the moderation queue when not), edit its page once
// trusted, and write to an event's attendees, three times a day at most. Everyone else gets 404.
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as organisationsRoute from "#app/routes/cabinet-organisations/route.tsx";
import * as organisationRoute from "#app/routes/cabinet-organisation/route.tsx";
import * as pageRoute from "#app/routes/cabinet-organisation-page/route.tsx";
import * as eventFormRoute from "#app/routes/cabinet-organisation-event-form/route.tsx";
import * as attendeesRoute from "#app/routes/cabinet-organisation-event/route.tsx";
import * as dashboardEdit from "#app/routes/dashboard-content-edit/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { authMiddleware, myAuthMiddleware } from "#app/modules/auth/guards.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { eventOrganisation, organisationUpcomingEvents } from "#app/modules/organisations/public.server.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { unwrapData } from "../support/route.ts";

const t = useTestDatabase();

type Person = { id: number; email: string; cookie: string; name: string };
let staff: Person;
let owner: Person;
let editor: Person;
let outsider: Person;
let organisationId: number;
let untrustedId: number;

let counter = 0;
async function person(name: string, role: "user" | "editor" = "user"): Promise<Person> {
  const user = await makeUser({ role, name, email: `${name.toLowerCase()}-${++counter}@example.test` });
  return { id: user.id, email: user.email, cookie: await sessionCookieFor(user.id), name };
}

async function organisation(name: string): Promise<number> {
  const row = await t.db
    .insertInto("diaspors")
    .values({ slug: `org-${++counter}`, name_uk: name, description_uk: "<p>Громада.</p>", status: "published", published_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Outcome = { status: number; data?: any; headers?: Headers; location?: string | null };

async function call(
  who: Person,
  fn: (args: any) => unknown,
  url: string,
  params: Record<string, string>,
  form?: Record<string, string>,
): Promise<Outcome> {
  const middleware = url.startsWith("/dashboard") ? [myAuthMiddleware] : [authMiddleware];
  try {
    const { result } = await callWithSession(fn, { url, cookie: who.cookie, form, params, middleware });
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
      const { data, status, headers } = unwrapData(result);
      return { status, data, headers };
    }
    return { status: 200, data: result };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const status = (error as { init?: ResponseInit })?.init?.status;
    if (typeof status === "number") return { status };
    throw error;
  }
}

/** A mail's text part as a person reads it (base64 undone). */
function plainText(mail: { raw: string; text: string }): string {
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: base64\n\n([A-Za-z0-9+/=\n]+)/.exec(
    mail.raw.replace(/\r\n/g, "\n"),
  );
  return part ? Buffer.from(part[1]!.replace(/\n/g, ""), "base64").toString("utf8") : mail.text;
}

const orgPath = (id: number) => `/cabinet/organisations/${id}`;
const staffPost = (form: Record<string, string>, id = organisationId) =>
  call(staff, dashboardEdit.action, `/dashboard/diaspors/edit/${id}`, { type: "diaspors", id: String(id) }, form);
const ownerPost = (who: Person, form: Record<string, string>, id = organisationId) =>
  call(who, organisationRoute.action, orgPath(id), { id: String(id) }, form);
const answer = (who: Person, intent: "accept" | "decline", id = organisationId) =>
  call(who, organisationsRoute.action, "/cabinet/organisations", {}, { intent, organisationId: String(id) });

async function membership(userId: number, id = organisationId) {
  return t.db.selectFrom("organisation_members").selectAll().where("diaspora_id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

async function audit(action: string, entityType = "diaspors") {
  return t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .where("entity_type", "=", entityType)
    .orderBy("id")
    .execute();
}

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  staff = await person("Staff", "editor");
  owner = await person("Owner");
  editor = await person("Editor");
  outsider = await person("Outsider");
  organisationId = await organisation("Громада Кракова");
  untrustedId = await organisation("Нова громада");
});

describe("membership", () => {
  it("staff invite by an account's email: unknown address and a second invitation are 400 at the field", async () => {
    const unknown = await staffPost({ intent: "invite", email: "nobody@example.test", role: "owner" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error.email).toEqual(["organisations:errors.no_account"]);
    expect(unknown.data.result.initialValue.email).toBe("nobody@example.test");

    const invited = await staffPost({ intent: "invite", email: owner.email.toUpperCase(), role: "owner" });
    expect(invited.status).toBe(302);
    expect(await membership(owner.id)).toMatchObject({ role: "owner", accepted_at: null, invited_by: staff.id });

    const again = await staffPost({ intent: "invite", email: owner.email, role: "editor" });
    expect(again.status).toBe(400);
    expect(again.data.result.error.email).toEqual(["organisations:errors.already_member"]);

    await runQueuedJobs();
    const mails = readOutbox().filter((mail) => mail.to === owner.email);
    expect(mails).toHaveLength(1);
    expect(plainText(mails[0]!)).toContain("Громада Кракова");
    expect(mails[0]!.link).toBe("https://portal.example/cabinet/organisations");
    expect((await audit("invite")).map((row) => row.after)).toContainEqual({ user_id: owner.id, role: "owner" });
  });

  it("an invitation is not membership: the invited see it in their list, its pages answer 404 until accepted", async () => {
    const list = await call(owner, organisationsRoute.loader, "/cabinet/organisations", {});
    expect(list.data.invitations.map((row: { id: number }) => row.id)).toEqual([organisationId]);
    expect(list.data.organisations).toEqual([]);
    expect((await call(owner, organisationRoute.loader, orgPath(organisationId), { id: String(organisationId) })).status).toBe(404);

    expect((await answer(owner, "accept")).location).toBe(orgPath(organisationId));
    expect((await membership(owner.id))?.accepted_at).not.toBeNull();
    const page = await call(owner, organisationRoute.loader, orgPath(organisationId), { id: String(organisationId) });
    expect(page.status).toBe(200);
    expect(page.data.manage).toBe(true);
    expect((await answer(owner, "accept")).status).toBe(404);
    expect(await audit("accept_invitation")).toHaveLength(1);
  });

  it("answers 404 to anyone who is not a member, for a guessed or malformed id too", async () => {
    for (const id of [String(organisationId), String(untrustedId), "999999", "abc", "99999999999"]) {
      expect((await call(outsider, organisationRoute.loader, orgPath(1), { id })).status).toBe(404);
      expect(
        (await call(outsider, organisationRoute.action, orgPath(1), { id }, { intent: "remove_member", userId: String(owner.id) })).status,
      ).toBe(404);
    }
    const attendees = await call(outsider, attendeesRoute.loader, "/x", { id: String(organisationId), posterId: "1" });
    expect(attendees.status).toBe(404);
    expect((await answer(outsider, "accept")).status).toBe(404);
  });

  it("owners invite, an editor declines and is invited again; editors cannot manage members (403)", async () => {
    expect((await ownerPost(owner, { intent: "invite", email: editor.email, role: "editor" })).status).toBe(302);
    expect((await answer(editor, "decline")).status).toBe(302);
    expect(await membership(editor.id)).toBeUndefined();
    expect((await ownerPost(owner, { intent: "invite", email: editor.email, role: "editor" })).status).toBe(302);
    await answer(editor, "accept");
    const asEditor = await call(editor, organisationRoute.loader, orgPath(organisationId), { id: String(organisationId) });
    expect(asEditor.data.manage).toBe(false);
    expect(asEditor.data.members.map((member: { name: string }) => member.name)).toEqual(["Owner", "Editor"]);
    expect(JSON.stringify(asEditor.data)).not.toContain(owner.email);
    expect((await ownerPost(editor, { intent: "remove_member", userId: String(owner.id) })).status).toBe(403);
    expect(await audit("decline_invitation")).toHaveLength(1);
  });

  it("keeps the last owner: removing or demoting them is 400, possible once another owner is there", async () => {
    const remove = await ownerPost(owner, { intent: "remove_member", userId: String(owner.id) });
    expect(remove.status).toBe(400);
    expect(remove.data).toMatchObject({ intent: "member", userId: owner.id, error: "organisations:errors.last_owner" });
    const demote = await staffPost({ intent: "member_role", userId: String(owner.id), role: "editor" });
    expect(demote.status).toBe(400);
    expect((await membership(owner.id))?.role).toBe("owner");

    expect((await ownerPost(owner, { intent: "member_role", userId: String(editor.id), role: "owner" })).status).toBe(302);
    expect((await ownerPost(editor, { intent: "member_role", userId: String(owner.id), role: "editor" })).status).toBe(302);
    expect((await membership(owner.id))?.role).toBe("editor");
    expect((await ownerPost(editor, { intent: "member_role", userId: String(owner.id), role: "owner" })).status).toBe(302);
    expect((await audit("role")).map((row) => row.after)).toContainEqual({ user_id: owner.id, role: "editor" });
    expect((await ownerPost(owner, { intent: "remove_member", userId: "999999" })).status).toBe(404);
  });

  it("owners cannot mark their organisation trusted; staff can, audited", async () => {
    expect((await ownerPost(owner, { intent: "trust", trusted: "on" })).status).toBe(404);
    expect((await staffPost({ intent: "trust", trusted: "on" })).status).toBe(302);
    const row = await t.db.selectFrom("diaspors").select("trusted").where("id", "=", organisationId).executeTakeFirstOrThrow();
    expect(row.trusted).toBe(true);
    expect((await audit("update")).map((entry) => entry.after)).toContainEqual({ trusted: true });
    const page = await call(staff, dashboardEdit.loader, `/dashboard/diaspors/edit/${organisationId}`, {
      type: "diaspors",
      id: String(organisationId),
    });
    expect(page.data.organisation.trusted).toBe(true);
    expect(page.data.organisation.members).toHaveLength(2);
  });
});

const eventForm = (title: string) => ({
  intent: "save",
  title_uk: title,
  description_uk: "<p>Співаємо разом.</p>",
  starts_at: "2031-05-20T18:30",
  venue_uk: "Дім громади",
});

describe("events and the page", () => {
  it("a trusted organisation's event is published at once, with its organisation", async () => {
    const url = `${orgPath(organisationId)}/events/new`;
    const saved = await call(editor, eventFormRoute.action, url, { id: String(organisationId) }, eventForm("Концерт громади"));
    expect(saved.status).toBe(302);
    const row = await t.db.selectFrom("posters").selectAll().where("title_uk", "=", "Концерт громади").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organisation_id: organisationId, status: "published", submission_state: null, submitted_by: editor.id });
    const visible = await t.db
      .selectFrom("posters")
      .select("id")
      .where("id", "=", row.id)
      .where(publiclyVisible("posters"))
      .executeTakeFirst();
    expect(visible).toBeDefined();
    expect((await organisationUpcomingEvents(organisationId, "uk")).map((card) => card.id)).toEqual([row.id]);
    expect((await organisationUpcomingEvents(untrustedId, "uk")).map((card) => card.id)).toEqual([]);
    const shown = await eventOrganisation(row.id, "uk", null);
    expect(shown).toMatchObject({ name: { text: "Громада Кракова" }, organiserPath: null });
    expect((await eventOrganisation(row.id, "uk", editor.id))?.organiserPath).toBe(`${orgPath(organisationId)}/events/${row.id}`);
    expect((await eventOrganisation(row.id, "uk", outsider.id))?.organiserPath).toBeNull();
  });

  it("an untrusted organisation's event waits in the moderation queue; it is edited while it waits only", async () => {
    await t.db
      .insertInto("organisation_members")
      .values({ diaspora_id: untrustedId, user_id: owner.id, role: "owner", accepted_at: new Date() })
      .execute();
    const url = `${orgPath(untrustedId)}/events/new`;
    expect((await call(owner, eventFormRoute.action, url, { id: String(untrustedId) }, eventForm("Зустріч новачків"))).status).toBe(302);
    const row = await t.db.selectFrom("posters").selectAll().where("title_uk", "=", "Зустріч новачків").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organisation_id: untrustedId, status: "draft", submission_state: "pending", submitted_by: owner.id });

    const params = { id: String(untrustedId), posterId: String(row.id) };
    const edited = await call(owner, eventFormRoute.action, `${url}/${row.id}/edit`, params, {
      ...eventForm("Зустріч новачків 2"),
      version: String(row.version),
    });
    expect(edited.status).toBe(302);
    const after = await t.db.selectFrom("posters").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ title_uk: "Зустріч новачків 2", slug: row.slug, submission_state: "pending" });

    await t.db.updateTable("posters").set({ status: "published", submission_state: "approved" }).where("id", "=", row.id).execute();
    const locked = await call(owner, eventFormRoute.action, `${url}/${row.id}/edit`, params, {
      ...eventForm("Інша назва"),
      version: String(after.version),
    });
    expect(locked.status).toBe(403);
    expect((await call(owner, eventFormRoute.loader, `${url}/${row.id}/edit`, params)).data.editable).toBe(false);
    // Another organisation's event is not found through this one.
    expect((await call(owner, eventFormRoute.loader, "/x", { id: String(organisationId), posterId: String(row.id) })).status).toBe(404);
  });

  it("members edit the page of a trusted organisation only (live, audited, its address kept)", async () => {
    const untrusted = await call(owner, pageRoute.loader, "/x", { id: String(untrustedId) });
    expect(untrusted.data.form).toBeNull();
    expect((await call(owner, pageRoute.action, "/x", { id: String(untrustedId) }, { intent: "save", name_uk: "Інша" })).status).toBe(403);

    const before = await t.db.selectFrom("diaspors").selectAll().where("id", "=", organisationId).executeTakeFirstOrThrow();
    const form = {
      intent: "save",
      version: String(before.version),
      name_uk: "Громада Кракова і околиць",
      description_uk: "<p>Оновлено.</p>",
    };
    expect((await call(editor, pageRoute.action, "/x", { id: String(organisationId) }, form)).status).toBe(302);
    const after = await t.db.selectFrom("diaspors").selectAll().where("id", "=", organisationId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name_uk: "Громада Кракова і околиць", slug: before.slug, status: "published", trusted: true });
    const entry = (await audit("update")).at(-1)!;
    expect(entry.actor_id).toBe(editor.id);
    expect(entry.after).toMatchObject({ name_uk: "Громада Кракова і околиць" });

    const invalid = await call(
      editor,
      pageRoute.action,
      "/x",
      { id: String(organisationId) },
      { ...form, version: String(after.version), name_uk: "" },
    );
    expect(invalid.status).toBe(400);
  });
});

describe("the organiser's view and announcements", () => {
  let posterId: number;
  let firstDate: number;
  let secondDate: number;
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    const poster = await t.db.selectFrom("posters").select("id").where("title_uk", "=", "Концерт громади").executeTakeFirstOrThrow();
    posterId = poster.id;
    firstDate = (await t.db.selectFrom("poster_occurrences").select("id").where("poster_id", "=", posterId).executeTakeFirstOrThrow()).id;
    const second = await t.db
      .insertInto("poster_occurrences")
      .values({ poster_id: posterId, original_starts_at: new Date("2031-06-20T16:30:00Z"), starts_at: new Date("2031-06-20T16:30:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    secondDate = second.id;
    for (const name of ["Goer", "Waiter", "Later", "Nobody"]) people[name] = await person(name);
    await t.db
      .insertInto("poster_rsvps")
      .values([
        { poster_id: posterId, occurrence_id: firstDate, user_id: people.Goer!.id, status: "going" },
        { poster_id: posterId, occurrence_id: firstDate, user_id: people.Waiter!.id, status: "waiting" },
        { poster_id: posterId, occurrence_id: secondDate, user_id: people.Later!.id, status: "going" },
      ])
      .execute();
  });

  const params = () => ({ id: String(organisationId), posterId: String(posterId) });
  const post = (who: Person, form: Record<string, string>) =>
    call(who, attendeesRoute.action, "/x", params(), { intent: "announce", ...form });

  it("shows organisers and staff each coming date's counts and names, never addresses", async () => {
    for (const who of [editor, staff]) {
      const page = await call(who, attendeesRoute.loader, "/x", params());
      expect(page.status).toBe(200);
      expect(page.data.dates).toEqual([
        expect.objectContaining({ id: firstDate, going: ["Goer"], waiting: ["Waiter"] }),
        expect.objectContaining({ id: secondDate, going: ["Later"], waiting: [] }),
      ]);
      expect(JSON.stringify(page.data)).not.toMatch(/@example\.test/);
    }
    expect((await call(outsider, attendeesRoute.loader, "/x", params())).status).toBe(404);
  });

  it("mails an announcement to those going and waiting on that date and nobody else", async () => {
    const empty = await post(editor, { body: "  ", date: String(firstDate) });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.body).toEqual(["organisations:errors.body_required"]);
    const tooLong = await post(editor, { body: "x".repeat(2001), date: "all" });
    expect(tooLong.status).toBe(400);

    const before = readOutbox().length;
    expect((await post(editor, { body: "Зал №2 цієї суботи.", date: String(firstDate) })).status).toBe(302);
    await runQueuedJobs();
    const sent = readOutbox().slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([people.Goer!.email, people.Waiter!.email].sort());
    expect(plainText(sent[0]!)).toContain("Зал №2 цієї суботи.");
  });

  it("an announcement to all coming dates reaches each attendee once", async () => {
    const before = readOutbox().length;
    expect((await post(staff, { body: "Нагадуємо про квитки.", date: "all" })).status).toBe(302);
    await runQueuedJobs();
    const sent = readOutbox()
      .slice(before)
      .map((mail) => mail.to);
    expect(sent.sort()).toEqual([people.Goer!.email, people.Waiter!.email, people.Later!.email].sort());
  });

  it("refuses a date of another event (400) and the fourth announcement in 24 hours (429 with Retry-After)", async () => {
    const other = await t.db.selectFrom("poster_occurrences").select("id").where("poster_id", "<>", posterId).executeTakeFirstOrThrow();
    const foreign = await post(editor, { body: "Привіт", date: String(other.id) });
    expect(foreign.status).toBe(400);
    expect(foreign.data.result.error.date).toEqual(["organisations:errors.no_date"]);

    expect((await post(editor, { body: "Третє", date: String(secondDate) })).status).toBe(302);
    const fourth = await post(editor, { body: "Четверте", date: String(secondDate) });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers!.get("Retry-After"))).toBeGreaterThan(0);
    expect(fourth.data.result.error[""][0]).toMatch(/^organisations:errors\.too_many\|/);
    expect(fourth.data.result.initialValue.body).toBe("Четверте");

    const notices = await t.db.selectFrom("poster_notices").selectAll().where("poster_id", "=", posterId).execute();
    expect(notices).toHaveLength(3);
    const entries = await audit("announce", "posters");
    expect(entries.map((entry) => [entry.actor_id, entry.entity_id])).toEqual([
      [editor.id, posterId],
      [staff.id, posterId],
      [editor.id, posterId],
    ]);

    // A day later the oldest no longer counts.
    await t.db
      .updateTable("poster_notices")
      .set({ created_at: sql`created_at - interval '25 hours'` })
      .where("body", "=", "Зал №2 цієї суботи.")
      .execute();
    expect((await post(editor, { body: "Четверте", date: String(secondDate) })).status).toBe(302);
  });
});
