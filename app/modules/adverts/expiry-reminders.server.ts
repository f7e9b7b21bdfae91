import { sql, type Kysely } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { AdvertKind, DB, ExpiryMailKind, Locale } from "#db/schema.ts";
import { issueToken } from "#app/modules/auth/tokens.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { renderMail, sendTemplateMail, type Envelope, type RenderedMail } from "#app/platform/mail/template.server.ts";
import { advertLifetimeDays } from "./lifecycle.server.ts";
import { isHelpKind, lifetimeDaysFor } from "./kinds.ts";
import { expiryMail, type ExpiryMailData } from "./mails/expiry.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";

// Mails that keep adverts fresh: a reminder `advert_reminder_days` before an advert expires,
// with a "renew" and a "mark as sold" link, and a mail when it has expired, with the renew
// link. The links are single-use tokens (auth/tokens.server.ts) for that advert; following
// one shows a confirmation page (routes/advert-link). Each mail goes once per advert and
// lifetime: a row in advert_expiry_mails, keyed by the advert, the kind and its expires_at,
// is claimed before sending, so of several processes exactly one sends it.

export type DueExpiryMail = {
  advertisementId: number;
  kind: ExpiryMailKind;
  /** What the advert is (kinds.ts): a help advert is "resolved", a call for help renews for fewer days. Absent: an offer. */
  advertKind?: AdvertKind;
  expiresAt: Date;
  title: string;
  ownerId: number;
  email: string;
  name: string;
  locale: Locale;
};

/** An expired-advert mail goes only this long after the expiry (not for adverts long gone). */
const EXPIRED_MAIL_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Adverts whose reminder or expired mail is due at `now` and not yet sent for their current lifetime. */
export async function dueExpiryReminders(db: Kysely<DB>, now: Date, limit = BATCH): Promise<DueExpiryMail[]> {
  const settings = await db.selectFrom("settings").select("advert_reminder_days").where("id", "=", 1).executeTakeFirst();
  const reminderDays = settings?.advert_reminder_days ?? 3;
  const kind = sql<ExpiryMailKind>`case when a.expires_at > ${now} then 'reminder' else 'expired' end`;
  const rows = await db
    .selectFrom("advertisements as a")
    .innerJoin("users as u", "u.id", "a.owner_id")
    .select([
      "a.id",
      "a.kind as advert_kind",
      "a.title",
      "a.expires_at",
      "a.owner_id",
      "u.email",
      "u.name",
      "u.preferred_locale",
      kind.as("kind"),
    ])
    .where("a.status", "=", "published")
    .where("a.deleted_at", "is", null)
    .where("a.published_at", "is not", null)
    .where("u.blocked_at", "is", null)
    .where((eb) =>
      eb.or([
        // Reminders off (0 days) leave only the expired mail.
        eb.and([
          eb("a.expires_at", ">", now),
          eb("a.expires_at", "<=", new Date(now.getTime() + reminderDays * DAY_MS)),
          sql<boolean>`${reminderDays} > 0`,
        ]),
        eb.and([eb("a.expires_at", "<=", now), eb("a.expires_at", ">", new Date(now.getTime() - EXPIRED_MAIL_WINDOW_MS))]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("advert_expiry_mails as m")
            .select("m.advertisement_id")
            .whereRef("m.advertisement_id", "=", "a.id")
            .whereRef("m.expires_at", "=", "a.expires_at")
            .where("m.kind", "=", kind),
        ),
      ),
    )
    .orderBy("a.expires_at")
    .orderBy("a.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    advertisementId: row.id,
    kind: row.kind,
    advertKind: row.advert_kind,
    expiresAt: new Date(row.expires_at!),
    title: row.title,
    ownerId: row.owner_id,
    email: row.email,
    name: row.name,
    locale: row.preferred_locale,
  }));
}

/** Claims the mail for this advert and lifetime; false when another process (or an earlier pass) has. */
export async function claimExpiryMail(db: Kysely<DB>, due: DueExpiryMail, now: Date): Promise<boolean> {
  const row = await db
    .insertInto("advert_expiry_mails")
    .values({ advertisement_id: due.advertisementId, kind: due.kind, expires_at: due.expiresAt, sent_at: now })
    .onConflict((oc) => oc.columns(["advertisement_id", "kind", "expires_at"]).doNothing())
    .returning("advertisement_id")
    .executeTakeFirst();
  return row !== undefined;
}

type ExpiryLinks = { renew: string; sold: string | null };

/** The mail in the owner's language: what happens when, and the links. */
export async function composeExpiryReminder(
  due: DueExpiryMail,
  links: ExpiryLinks,
  lifetimeDays: number,
): Promise<{ data: ExpiryMailData; envelope: Envelope; mail: RenderedMail }> {
  const language = languageOf(due.locale);
  const site = await siteNameIn(language);
  const advertKind = due.advertKind ?? "offer";
  const data: ExpiryMailData = {
    kind: due.kind,
    help: isHelpKind(advertKind),
    name: due.name || due.email,
    title: due.title,
    site,
    expiresAt: due.expiresAt,
    lifetimeDays: lifetimeDaysFor(advertKind, lifetimeDays),
    renew: links.renew,
    sold: links.sold,
  };
  return {
    data,
    envelope: { to: due.email, language, link: links.renew, fromName: site },
    mail: renderMail(expiryMail.compose(data, language), language),
  };
}

/** The address of a mailed link (locale-aware). */
function linkTo(locale: Locale, move: "renew" | "sold", token: string): string {
  return new URL(localizePath(`/advertisement/${move}/${token}`, locale), publicOrigin()).href;
}

/** One pass: every due mail claimed, composed and sent; a failed send gives the claim back for the next pass. */
export async function sendExpiryReminders(now = new Date(), db: Kysely<DB> = getDb()): Promise<number> {
  // A mark only matters while its mail could be due again: until the expired-mail window closes.
  await db
    .deleteFrom("advert_expiry_mails")
    .where("expires_at", "<", new Date(now.getTime() - EXPIRED_MAIL_WINDOW_MS - DAY_MS))
    .execute();
  const due = await dueExpiryReminders(db, now);
  if (due.length === 0) return 0;
  const lifetimeDays = await advertLifetimeDays(db);
  return sendEachOnce(due, {
    claim: (mail) => claimExpiryMail(db, mail, now),
    send: async (mail) => {
      const renew = linkTo(mail.locale, "renew", await issueToken(mail.ownerId, "advert_renew", now, mail.advertisementId, db));
      const sold =
        mail.kind === "reminder"
          ? linkTo(mail.locale, "sold", await issueToken(mail.ownerId, "advert_sold", now, mail.advertisementId, db))
          : null;
      const { data, envelope } = await composeExpiryReminder(mail, { renew, sold }, lifetimeDays);
      await sendTemplateMail(expiryMail, data, envelope);
    },
    release: (mail) =>
      db
        .deleteFrom("advert_expiry_mails")
        .where("advertisement_id", "=", mail.advertisementId)
        .where("kind", "=", mail.kind)
        .where("expires_at", "=", mail.expiresAt)
        .execute(),
    what: "expiry mail",
    describe: (mail) => ({ kind: mail.kind, advertisementId: mail.advertisementId }),
  });
}

/** The scan, every minute, that mails advert owners before and after expiry. Each mail is claimed in advert_expiry_mails before it is sent, and released when sending fails: the next scan retries it. */
export const advertExpiryMailsJob = defineScanJob({
  name: "advert-expiry-mails",
  schedule: { cron: "* * * * *", atStart: true },
  scan: sendExpiryReminders,
});
