// A user's documents and the reminders before they expire: the cabinet page's add, edit and
// delete (400 with messages and values kept, 404 for another user's document, at most 20),
// the thresholds, the scan that mails each chosen threshold once (the clock moved by calling
// it with later dates), only verified and unblocked users, the export and the account's deletion.
import { beforeAll, describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import * as page from "#app/routes/cabinet-documents/route.tsx";
import * as exportPage from "#app/routes/cabinet-export-file/route.ts";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { sendDocumentReminders } from "#app/modules/user-documents/reminders.server.ts";
import { MAX_USER_DOCUMENTS } from "#app/modules/user-documents/limits.ts";
import { siteDay } from "#app/platform/format/dates.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, mailsTo, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { flashMessage } from "../support/messages.ts";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

type Person = { id: number; email: string; cookie: string };

async function person(options: { verified?: boolean; locale?: "ua" | "us" } = {}): Promise<Person> {
  const user = await makeUser({ verified: options.verified ?? true, name: "Olena" });
  if (options.locale) await t.db.updateTable("users").set({ preferred_locale: options.locale }).where("id", "=", user.id).execute();
  return { id: user.id, email: user.email, cookie: await sessionCookieFor(user.id) };
}

function post(who: Person, form: Record<string, string | string[]>, url = "/cabinet/documents") {
  return callWithSession(page.action, { url, cookie: who.cookie, form }).then((call) => call.result);
}

/** Runs the scan twice at `now`; the mails `who` got from it (other tests' documents may be due too). */
async function remindersAt(who: Person, now: Date): Promise<number> {
  const before = mailsTo(who.email).length;
  await sendDocumentReminders(now, t.db);
  await sendDocumentReminders(now, t.db);
  return mailsTo(who.email).length - before;
}

function documentsOf(userId: number) {
  return t.db.selectFrom("user_documents").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

/** Noon (UTC, so the same day in the site's zone) `days` before `day`. */
function daysBefore(day: string, days: number): Date {
  return new Date(Date.parse(`${day}T12:00:00Z`) - days * DAY);
}

async function addRow(userId: number, expiresOn: string, kind: "passport" | "visa" = "passport") {
  const row = await t.db
    .insertInto("user_documents")
    .values({ user_id: userId, kind, expires_on: expiresOn })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the documents page", () => {
  it("adds a document and lists it with the days left", async () => {
    const olena = await person();
    const inTenDays = new Date(Date.parse(`${siteDay(new Date())}T12:00:00Z`) + 10 * DAY).toISOString().slice(0, 10);
    const [y, m, d] = inTenDays.split("-");
    const response = await catchResponse(
      post(olena, { intent: "add", kind: "other", label: "Karta Polaka", expires_on: `${d}.${m}.${y}`, note: "Umówić wizytę" }),
    );
    expect(response.status).toBe(302);
    expect(flashMessage(response)).toBe("cabinet:documents.flash_added");
    const { result } = await callWithSession(page.loader, { url: "/cabinet/documents", cookie: olena.cookie });
    expect(result.documents).toMatchObject([
      { kind: "other", label: "Karta Polaka", expiresOn: inTenDays, note: "Umówić wizytę", daysLeft: 10, dateInput: `${d}.${m}.${y}` },
    ]);
    expect(result.thresholds).toEqual([90, 30, 7]);
    const english = await callWithSession(page.loader, { url: "/us/cabinet/documents", cookie: olena.cookie });
    expect(english.result.documents[0]!.dateInput).toBe(`${m}/${d}/${y}`);
  });

  it("answers 400 with the messages at the fields and the typed values kept", async () => {
    const olena = await person();
    const result = unwrapData(
      await post(olena, { intent: "add", kind: "other", label: "", expires_on: "31.02.2027", note: "x".repeat(201) }),
    );
    expect(result.status).toBe(400);
    const reply = result.data as { intent: string; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.intent).toBe("add");
    expect(reply.result.error).toMatchObject({
      label: ["cabinet:documents.errors.label_required"],
      expires_on: ["cabinet:documents.errors.date_invalid"],
      note: ["cabinet:documents.errors.note_too_long"],
    });
    expect(reply.result.initialValue).toMatchObject({ kind: "other", expires_on: "31.02.2027" });
    const noKind = unwrapData(await post(olena, { intent: "add", kind: "licence", expires_on: "" }));
    expect(noKind.status).toBe(400);
    expect((noKind.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      kind: ["cabinet:documents.errors.kind"],
      expires_on: ["cabinet:documents.errors.date_required"],
    });
    expect(await documentsOf(olena.id)).toEqual([]);
    expect(await thrownStatus(post(olena, { intent: "zzz" }))).toBe(400);
    expect(await thrownStatus(post(olena, { intent: "delete", id: "x" }))).toBe(400);
  });

  it("edits and deletes only the user's own documents: 404 for another user's id", async () => {
    const olena = await person();
    const taras = await person();
    const id = await addRow(olena.id, "2027-05-01");
    const edit = { intent: "edit", id: String(id), kind: "visa", label: "ignored", expires_on: "2027-06-01", note: "" };
    expect(await thrownStatus(post(taras, edit))).toBe(404);
    expect(await thrownStatus(post(taras, { intent: "delete", id: String(id) }))).toBe(404);
    expect(await thrownStatus(post(olena, { ...edit, id: "999999" }))).toBe(404);
    const bad = unwrapData(await post(olena, { ...edit, expires_on: "soon" }));
    expect(bad.status).toBe(400);
    expect((bad.data as { intent: string }).intent).toBe(`edit-${id}`);
    expect(flashMessage(await catchResponse(post(olena, edit)))).toBe("cabinet:documents.flash_saved");
    const [row] = await documentsOf(olena.id);
    expect(row).toMatchObject({ kind: "visa", label: null, note: null });
    expect(row!.expires_on.toISOString().slice(0, 10)).toBe("2027-06-01");
    expect(flashMessage(await catchResponse(post(olena, { intent: "delete", id: String(id) })))).toBe("cabinet:documents.flash_deleted");
    expect(await documentsOf(olena.id)).toEqual([]);
  });

  it("keeps at most 20 documents", async () => {
    const olena = await person();
    for (let i = 0; i < MAX_USER_DOCUMENTS; i++) await addRow(olena.id, "2027-01-01");
    const result = unwrapData(await post(olena, { intent: "add", kind: "passport", expires_on: "2027-01-01" }));
    expect(result.status).toBe(400);
    expect((result.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      `cabinet:documents.errors.too_many|${JSON.stringify({ max: MAX_USER_DOCUMENTS })}`,
    ]);
    expect(await documentsOf(olena.id)).toHaveLength(MAX_USER_DOCUMENTS);
  });

  it("sets the reminder thresholds from the offered ones", async () => {
    const olena = await person();
    await catchResponse(post(olena, { intent: "thresholds", days: ["60", "1"] }));
    const row = await t.db.selectFrom("users").select("document_reminder_days").where("id", "=", olena.id).executeTakeFirstOrThrow();
    expect(row.document_reminder_days).toEqual([60, 1]);
    expect(unwrapData(await post(olena, { intent: "thresholds", days: ["5"] })).status).toBe(400);
    await catchResponse(post(olena, { intent: "thresholds" }));
    const none = await t.db.selectFrom("users").select("document_reminder_days").where("id", "=", olena.id).executeTakeFirstOrThrow();
    expect(none.document_reminder_days).toEqual([]);
  });
});

describe("the reminders", () => {
  it("mails at each chosen threshold once, in the user's language, with the date, the days left and the links", async () => {
    const olena = await person();
    const expires = "2027-03-01";
    await addRow(olena.id, expires, "passport");
    const scan = (days: number) => remindersAt(olena, daysBefore(expires, days));
    expect(await scan(100)).toBe(0);
    expect(await scan(90)).toBe(1);
    expect(await scan(75)).toBe(0);
    expect(await scan(30)).toBe(1);
    expect(await scan(14)).toBe(0);
    expect(await scan(7)).toBe(1);
    expect(await scan(1)).toBe(0);
    expect(await scan(-1)).toBe(0);
    const mails = mailsTo(olena.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Паспорт: строк дії спливає через 90 днів",
      "Паспорт: строк дії спливає через 30 днів",
      "Паспорт: строк дії спливає через 7 днів",
    ]);
    expect(mails[0]!.text).toContain("1 березня 2027");
    expect(mails[0]!.text).toContain("https://portal.example/dovidnyk?topic=documents");
    expect(mails[0]!.text).toContain("https://portal.example/services");
  });

  it("sends one mail, the nearest threshold's, for a document added late; the user's thresholds count", async () => {
    const taras = await person({ locale: "us" });
    await t.db
      .updateTable("users")
      .set({ document_reminder_days: [60, 1] })
      .where("id", "=", taras.id)
      .execute();
    const expires = "2027-04-10";
    await addRow(taras.id, expires, "visa");
    expect(await remindersAt(taras, daysBefore(expires, 40))).toBe(1);
    expect(await remindersAt(taras, daysBefore(expires, 7))).toBe(0);
    expect(await remindersAt(taras, daysBefore(expires, 1))).toBe(1);
    expect(mailsTo(taras.email).map((mail) => mail.subject)).toEqual(["Visa expires in 40 days", "Visa expires in 1 day"]);
  });

  it("mails no unverified, blocked or other user, and starts again after the date is edited", async () => {
    const owner = await person();
    const unverified = await person({ verified: false });
    const blocked = await person();
    await t.db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", blocked.id).execute();
    const expires = "2027-08-20";
    const id = await addRow(owner.id, expires);
    await addRow(unverified.id, expires);
    await addRow(blocked.id, expires);
    expect(await remindersAt(owner, daysBefore(expires, 7))).toBe(1);
    expect(mailsTo(unverified.email)).toEqual([]);
    expect(mailsTo(blocked.email)).toEqual([]);
    expect(mailsTo(owner.email)).toHaveLength(1);
    // The same date again keeps the claims; a new date clears them.
    await catchResponse(post(owner, { intent: "edit", id: String(id), kind: "passport", expires_on: expires, note: "renewed?" }));
    expect(await remindersAt(owner, daysBefore(expires, 7))).toBe(0);
    await catchResponse(post(owner, { intent: "edit", id: String(id), kind: "passport", expires_on: "20.08.2028", note: "" }));
    expect(await t.db.selectFrom("user_document_reminders").select("document_id").where("document_id", "=", id).execute()).toEqual([]);
    expect(await remindersAt(owner, daysBefore("2028-08-20", 90))).toBe(1);
  });
});

describe("the account's data", () => {
  it("are in the export and go with the account", async () => {
    const olena = await person();
    const other = await person();
    await post(olena, { intent: "add", kind: "health_insurance", expires_on: "2027-09-30", note: "NFZ" });
    await addRow(other.id, "2027-01-01", "visa");
    const { result } = await callWithSession(exportPage.action, {
      url: "/cabinet/export/file",
      cookie: olena.cookie,
      form: { intent: "export" },
    });
    const files = unzipSync(new Uint8Array(await (result as Response).arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.documents).toEqual({
      reminderDays: [90, 30, 7],
      items: [{ kind: "health_insurance", label: null, expires_on: "2027-09-30", note: "NFZ" }],
    });
    const id = (await documentsOf(olena.id))[0]!.id;
    await t.db.insertInto("user_document_reminders").values({ document_id: id, threshold_days: 90 }).execute();
    await deleteAccount(olena.id);
    expect(await t.db.selectFrom("user_documents").select("id").where("user_id", "=", olena.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("user_document_reminders").select("document_id").where("document_id", "=", id).execute()).toEqual([]);
    expect(await documentsOf(other.id)).toHaveLength(1);
  });
});
