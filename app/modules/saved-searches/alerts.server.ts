import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import { languageOf, localizePath } from "~/i18n/locales";
import type { AlertFrequency, SavedSearch } from "../../../db/schema.ts";
import { sendExpiryReminders } from "../adverts/expiry-reminders.server.ts";
import { LIVE_ADVERT, priceView } from "../adverts/queries.server.ts";
import { publicOrigin } from "../config/config.server.ts";
import { getDb } from "../db/db.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "../mail/compose.server.ts";
import { criteriaOf, matchingAdverts } from "./saved-searches.server.ts";
import { unsubscribeToken } from "./unsubscribe.server.ts";

// New-advert alerts of saved searches. One job, in whichever process holds its lease:
//  1. match: adverts that went live since the last run (with an overlap, for transactions that
//     committed late) are matched against every search with alerts, in the database, through
//     the advert list's where-builder; pairs go to alert_matches (the key keeps each once);
//  2. send: "instant" searches get one mail per run with what is new, "daily" ones one digest
//     a day; rows are claimed before sending and marked sent after, and a failed send is
//     retried later with backoff. State lives in tables, so a restart loses nothing.

const JOB = "saved-search-alerts";
const LEASE_MS = 2 * 60 * 1000;
/** A transaction may commit a little after its published_at: look back this far each run. */
const OVERLAP_MS = 10 * 60 * 1000;
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A claim older than this was lost with its process: the rows may be sent again. */
const STALE_CLAIM_MS = 15 * 60 * 1000;
/** At most this many adverts are listed in one mail; the link shows the rest. */
const MAX_LISTED = 20;

const HOLDER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** Takes or renews the job's lease; false while another live process holds it. */
export async function acquireLease(now: Date, holder = HOLDER): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  const row = await getDb()
    .insertInto("job_state")
    .values({ name: JOB, holder, lease_until: until })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, lease_until: until })
        .where((eb) => eb.or([eb("job_state.lease_until", "is", null), eb("job_state.lease_until", "<", now), eb("job_state.holder", "=", holder)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Step 1: queue (search, advert) pairs for adverts that went live since the last run. */
async function matchNewAdverts(now: Date): Promise<number> {
  const db = getDb();
  const state = await db.selectFrom("job_state").select("cursor_at").where("name", "=", JOB).executeTakeFirst();
  const from = state?.cursor_at ? new Date(new Date(state.cursor_at).getTime() - OVERLAP_MS) : new Date(0);
  let queued = 0;
  for (let afterId = 0; ; ) {
    const searches = await db.selectFrom("saved_searches").selectAll().where("alert", "<>", "off").where("id", ">", afterId).orderBy("id").limit(BATCH).execute();
    if (searches.length === 0) break;
    afterId = searches[searches.length - 1]!.id;
    for (const search of searches) queued += await queueMatches(search, from, now);
  }
  await db.updateTable("job_state").set({ cursor_at: now }).where("name", "=", JOB).execute();
  return queued;
}

async function queueMatches(search: SavedSearch, from: Date, now: Date): Promise<number> {
  const matches = await matchingAdverts(criteriaOf(search));
  if (!matches) return 0;
  // Only adverts that went live after the search was saved: saving a search mails nothing old.
  const since = new Date(Math.max(from.getTime(), new Date(search.created_at).getTime()));
  const result = await getDb()
    .insertInto("alert_matches")
    .columns(["saved_search_id", "advertisement_id"])
    .expression(matches.where("a.published_at", ">", since).where("a.published_at", "<=", now).select([sql.lit(search.id).as("saved_search_id"), "a.id"]))
    .onConflict((oc) => oc.columns(["saved_search_id", "advertisement_id"]).doNothing())
    .returning("advertisement_id")
    .execute();
  return result.length;
}

/** Step 2: one mail per due search. Returns how many mails went out. */
async function sendDueAlerts(now: Date): Promise<number> {
  const db = getDb();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const digestBefore = new Date(now.getTime() - DAY_MS);
  const due = await db
    .selectFrom("saved_searches as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("s")
    .select(["u.email", "u.name as user_name"])
    .where((eb) =>
      eb.or([eb("s.alert", "=", "instant"), eb.and([eb("s.alert", "=", "daily"), eb.or([eb("s.last_digest_at", "is", null), eb("s.last_digest_at", "<=", digestBefore)])])]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("alert_matches as m")
          .select("m.advertisement_id")
          .whereRef("m.saved_search_id", "=", "s.id")
          .where("m.sent_at", "is", null)
          .where((inner) => inner.or([inner("m.claimed_at", "is", null), inner("m.claimed_at", "<", staleBefore)]))
          .where((inner) => inner.or([inner("m.retry_at", "is", null), inner("m.retry_at", "<=", now)])),
      ),
    )
    .orderBy("s.id")
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const search of due) if (await sendOne(search, now, staleBefore)) sent++;
  return sent;
}

type DueSearch = SavedSearch & { email: string; user_name: string };

async function sendOne(search: DueSearch, now: Date, staleBefore: Date): Promise<boolean> {
  const db = getDb();
  const claimed = await db
    .updateTable("alert_matches")
    .set((eb) => ({ claimed_at: now, attempts: eb("attempts", "+", 1) }))
    .where("saved_search_id", "=", search.id)
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", staleBefore)]))
    .where((eb) => eb.or([eb("retry_at", "is", null), eb("retry_at", "<=", now)]))
    .returning(["advertisement_id", "attempts"])
    .execute();
  if (claimed.length === 0) return false;
  const ids = claimed.map((row) => row.advertisement_id);
  const adverts = await db
    .selectFrom("advertisements as a")
    .select(["a.id", "a.slug", "a.title", "a.price_kind", "a.price_amount", "a.price_currency", "a.published_at"])
    .where("a.id", "in", ids)
    .where(LIVE_ADVERT)
    .orderBy("a.published_at", "desc")
    .execute();
  try {
    if (adverts.length) await mailAlert(search, adverts, search.alert === "daily" ? "daily" : "instant");
  } catch (error) {
    const attempts = Math.max(...claimed.map((row) => row.attempts));
    const retryAt = new Date(now.getTime() + Math.min(6 * 60, 2 ** attempts) * 60 * 1000);
    console.error(`alert mail for saved search ${search.id} failed (attempt ${attempts}), retrying at ${retryAt.toISOString()}:`, error);
    await db.updateTable("alert_matches").set({ claimed_at: null, retry_at: retryAt }).where("saved_search_id", "=", search.id).where("advertisement_id", "in", ids).execute();
    return false;
  }
  // Adverts sold or withdrawn meanwhile are marked sent too: nothing to tell about them.
  await db.updateTable("alert_matches").set({ sent_at: now }).where("saved_search_id", "=", search.id).where("advertisement_id", "in", ids).execute();
  if (search.alert === "daily") await db.updateTable("saved_searches").set({ last_digest_at: now }).where("id", "=", search.id).execute();
  return adverts.length > 0;
}

type AlertAdvert = { slug: string; title: string; price_kind: "amount" | "free" | "negotiable"; price_amount: string | null; price_currency: "UAH" | "EUR" | "USD" | "PLN" | "GBP" | "CAD" | null };

async function mailAlert(search: DueSearch, adverts: AlertAdvert[], kind: Exclude<AlertFrequency, "off">) {
  const language = languageOf(search.locale);
  const t = mailT(language, "cabinet");
  const labels = { free: mailT(language, "adverts")("price.free"), negotiable: mailT(language, "adverts")("price.negotiable") };
  const site = await siteNameIn(language);
  const base = publicOrigin();
  const link = (path: string) => new URL(localizePath(path, search.locale), base).href;
  const unsubscribe = `${link("/unsubscribe")}?token=${encodeURIComponent(unsubscribeToken(search.id))}`;
  const values = { name: search.user_name || search.email, search: search.name, site, count: adverts.length };
  const listed = adverts.slice(0, MAX_LISTED).map((advert) => `${advert.title} — ${priceView(advert, language, labels).text}\n${link(`/advertisement/${advert.slug}`)}`);
  const paragraphs = [
    t("alerts.mail.greeting", values),
    t(`alerts.mail.${kind}_intro`, values),
    ...listed,
    ...(adverts.length > MAX_LISTED ? [t("alerts.mail.more", { count: adverts.length - MAX_LISTED })] : []),
    t("alerts.mail.manage", values),
    link("/cabinet/saved-searches"),
    t("alerts.mail.unsubscribe", values),
    unsubscribe,
    t("alerts.mail.signature", values),
  ];
  await sendParagraphMail({
    to: search.email,
    language,
    subject: t(`alerts.mail.${kind}_subject`, values),
    paragraphs,
    link: unsubscribe,
    fromName: site,
    // RFC 2369 and RFC 8058: mail clients show their own one-click "unsubscribe".
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

/** One pass of the job (a no-op in processes that do not hold the lease). */
export async function runAlertJob(now = new Date()): Promise<{ ran: boolean; queued: number; mailed: number }> {
  if (!(await acquireLease(now))) return { ran: false, queued: 0, mailed: 0 };
  const queued = await matchNewAdverts(now);
  const mailed = await sendDueAlerts(now);
  await sendExpiryReminders(now); // Advert expiry mails share this pass until the job queue takes them over.
  // Sent rows keep an advert from alerting twice while it can still be re-scanned; after that they go.
  await getDb().deleteFrom("alert_matches").where("sent_at", "<", new Date(now.getTime() - 30 * DAY_MS)).execute();
  return { ran: true, queued, mailed };
}

/** Runs the job every `intervalMs` in this process; `stop()` waits for a pass in progress. */
export function startAlertLoop(intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runAlertJob().catch((error: unknown) => console.error("saved-search alerts:", error));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
