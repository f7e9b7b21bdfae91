import { sql } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { AlertFrequency, SavedSearch } from "#db/schema.ts";
import { z } from "zod";
import { LIVE_ADVERT } from "#app/modules/adverts/queries.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { countOverIdBatches } from "#app/platform/db/id-batches.server.ts";
import { defineJob, enqueue, MAIL_QUEUE, defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn, unsubscribeHeaders } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { queuePush } from "#app/modules/push/send.server.ts";
import { alertMail, type AlertAdvert } from "./mails/alert.ts";
import { criteriaOf, matchingAdverts } from "./saved-searches.server.ts";
import { unsubscribeToken } from "./unsubscribe.server.ts";

// New-advert alerts of saved searches, as two kinds of job (app/platform/jobs):
//  1. the scan ("saved-search-alerts", every minute, one at a time across processes): adverts
//     that went live since the last scan (with an overlap, for transactions that committed
//     late) are matched against every search with alerts, in the database, through the advert
//     list's where-builder; pairs go to alert_matches (the key keeps each once); then one mail
//     job is queued per search that is due ("instant": anything unsent; "daily": once a day);
//  2. the mail ("mail-saved-search-alert"): claims the search's unsent rows, mails them and
//     marks them sent; a failed send releases them and the queue retries it with backoff.
// State lives in tables, so a restart loses nothing.

const JOB = "saved-search-alerts";
/** A transaction may commit a little after its published_at: look back this far each run. */
const OVERLAP_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A claim older than this was lost with its process: the rows may be sent again. */
const STALE_CLAIM_MS = 15 * 60 * 1000;

/** Step 1: queue (search, advert) pairs for adverts that went live since the last run. */
async function matchNewAdverts(now: Date): Promise<number> {
  const db = getDb();
  const state = await db.selectFrom("job_state").select("cursor_at").where("name", "=", JOB).executeTakeFirst();
  const from = state?.cursor_at ? new Date(new Date(state.cursor_at).getTime() - OVERLAP_MS) : new Date(0);
  const withAlerts = db.selectFrom("saved_searches").selectAll().where("alert", "<>", "off");
  const queued = await countOverIdBatches(withAlerts, "id", (search) => queueMatches(search, from, now));
  await db
    .insertInto("job_state")
    .values({ name: JOB, cursor_at: now })
    .onConflict((oc) => oc.column("name").doUpdateSet({ cursor_at: now }))
    .execute();
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
    .expression(
      matches
        .where("a.published_at", ">", since)
        .where("a.published_at", "<=", now)
        .select([sql.lit(search.id).as("saved_search_id"), "a.id"]),
    )
    .onConflict((oc) => oc.columns(["saved_search_id", "advertisement_id"]).doNothing())
    .returning("advertisement_id")
    .execute();
  return result.length;
}

/** Step 2: queues one mail job per due search. Returns how many were queued. */
async function queueDueAlerts(now: Date): Promise<number> {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const digestBefore = new Date(now.getTime() - DAY_MS);
  const dueSearches = getDb()
    .selectFrom("saved_searches as s")
    .select("s.id")
    .where((eb) =>
      eb.or([
        eb("s.alert", "=", "instant"),
        eb.and([eb("s.alert", "=", "daily"), eb.or([eb("s.last_digest_at", "is", null), eb("s.last_digest_at", "<=", digestBefore)])]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("alert_matches as m")
          .select("m.advertisement_id")
          .whereRef("m.saved_search_id", "=", "s.id")
          .where("m.sent_at", "is", null)
          .where((inner) => inner.or([inner("m.claimed_at", "is", null), inner("m.claimed_at", "<", staleBefore)])),
      ),
    );
  return countOverIdBatches(
    dueSearches,
    "s.id",
    async ({ id }) =>
      (await enqueue(savedSearchAlertJob, { savedSearchId: id, at: now.toISOString() }, { singletonKey: String(id) })) !== null,
  );
}

type DueSearch = SavedSearch & { email: string; user_name: string };

/** The mail job: the search's unsent adverts in one mail. False when there was nothing to send. */
async function sendSavedSearchAlert(job: z.output<typeof alertMailPayload>): Promise<boolean> {
  const db = getDb();
  const now = new Date(job.at);
  const search = await db
    .selectFrom("saved_searches as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("s")
    .select(["u.email", "u.name as user_name"])
    .where("s.id", "=", job.savedSearchId)
    .where("s.alert", "<>", "off")
    .executeTakeFirst();
  if (!search) return false;
  const staleBefore = new Date(Date.now() - STALE_CLAIM_MS);
  const claimed = await db
    .updateTable("alert_matches as m")
    .set((eb) => ({ claimed_at: new Date(), attempts: eb("m.attempts", "+", 1) }))
    .where("m.saved_search_id", "=", search.id)
    .where((eb) => eb.and([eb("m.sent_at", "is", null), eb.or([eb("m.claimed_at", "is", null), eb("m.claimed_at", "<", staleBefore)])]))
    .returning(["m.advertisement_id"])
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
  const markClaimedMatches = (mark: { claimed_at: null } | { sent_at: Date }) =>
    db.updateTable("alert_matches").set(mark).where("saved_search_id", "=", search.id).where("advertisement_id", "in", ids).execute();
  // The push's key is this scan's: a retry of this job (a failed mail) reaches no device twice.
  if (adverts.length)
    await queuePush({
      userId: search.user_id,
      kind: "alert",
      path: `/cabinet/saved-searches/${search.id}`,
      key: `alert:${search.id}:${job.at}`,
    });
  try {
    if (adverts.length) await mailAlert(search, adverts, search.alert === "daily" ? "daily" : "instant");
  } catch (error) {
    // Released for the queue's retry (or a later scan's job).
    await markClaimedMatches({ claimed_at: null });
    throw error;
  }
  // Adverts sold or withdrawn meanwhile are marked sent too: nothing to tell about them.
  await markClaimedMatches({ sent_at: now });
  if (search.alert === "daily") await db.updateTable("saved_searches").set({ last_digest_at: now }).where("id", "=", search.id).execute();
  return adverts.length > 0;
}

async function mailAlert(
  search: DueSearch,
  adverts: Array<Omit<AlertAdvert, "link"> & { slug: string }>,
  kind: Exclude<AlertFrequency, "off">,
) {
  const language = languageOf(search.locale);
  const site = await siteNameIn(language);
  const base = publicOrigin();
  const link = (path: string) => new URL(localizePath(path, search.locale), base).href;
  const unsubscribe = `${link("/unsubscribe")}?token=${encodeURIComponent(unsubscribeToken(search.id))}`;
  const data = {
    kind,
    name: search.user_name || search.email,
    search: search.name,
    site,
    adverts: adverts.map((advert) => ({ ...advert, link: link(`/advertisement/${advert.slug}`) })),
    settingsLink: link("/cabinet/saved-searches"),
    unsubscribe,
  };
  await sendTemplateMail(alertMail, data, {
    to: search.email,
    language,
    link: unsubscribe,
    fromName: site,
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/** The scan job: matches new adverts and queues the due mails; `now` is moved by tests. */
export async function runAlertJob(now = new Date()): Promise<{ matched: number; queued: number }> {
  const matched = await matchNewAdverts(now);
  const queued = await queueDueAlerts(now);
  // Sent rows keep an advert from alerting twice while it can still be re-scanned; after that they go.
  await getDb()
    .deleteFrom("alert_matches")
    .where("sent_at", "<", new Date(now.getTime() - 30 * DAY_MS))
    .execute();
  return { matched, queued };
}

/** `at`: the scan's time, which marks the matches sent (tests move it). */
const alertMailPayload = z.object({ savedSearchId: z.number().int(), at: z.iso.datetime() });

/** One search's alert mail. One per search (singletonKey) queued, waiting to retry or running: a scan meanwhile adds nothing. */
export const savedSearchAlertJob = defineJob({
  name: "mail-saved-search-alert",
  schema: alertMailPayload,
  queue: { ...MAIL_QUEUE, policy: "exclusive" },
  handler: sendSavedSearchAlert,
});

/** The scan, every minute: one at a time across all processes; the next minute's scan takes over a failed one. */
export const savedSearchScanJob = defineScanJob({
  name: "saved-search-alerts",
  schedule: { cron: "* * * * *", atStart: true },
  scan: runAlertJob,
});
