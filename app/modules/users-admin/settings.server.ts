import { sql } from "kysely";
import { changedFields, recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { scamWordLines } from "#app/modules/messages/scam-signals.ts";
import { wordListLines } from "#app/platform/format/word-list.ts";
import { blockedDomainLines } from "#app/modules/auth/email-domains.ts";
import type { SettingsValue } from "./schemas.ts";

// The portal's settings: site name, contacts, social links, advert rules, scam warning words,
// community flags, banned words and blocked email domains.
// One row; every change is audited as entity `settings` 1.

export async function saveSettings(value: SettingsValue, actorId: number): Promise<void> {
  const social: Record<string, string> = {};
  for (const [key, url] of Object.entries(value))
    if (key.startsWith("social_") && typeof url === "string" && url) social[key.slice(7)] = url;
  const columns = {
    site_name_uk: value.site_name_uk,
    site_name_en: value.site_name_en || null,
    contact_email: value.contact_email || null,
    contact_phone: value.contact_phone || null,
    contact_address_uk: value.contact_address_uk || null,
    contact_address_en: value.contact_address_en || null,
    social_links: JSON.stringify(social),
    advert_moderation: value.advert_moderation === true,
    advert_lifetime_days: value.advert_lifetime_days,
    advert_max_images: value.advert_max_images,
    adverts_per_user_per_day: value.adverts_per_user_per_day,
    advert_reminder_days: value.advert_reminder_days,
    advert_raise_interval_days: value.advert_raise_interval_days,
    staff_two_factor: value.staff_two_factor === true,
    scam_payment_words: scamWordLines(value.scam_payment_words ?? "").join("\n"),
    scam_messenger_words: scamWordLines(value.scam_messenger_words ?? "").join("\n"),
    flag_hold_threshold: value.flag_hold_threshold,
    guide_outdated_months: value.guide_outdated_months,
    banned_words: wordListLines(value.banned_words ?? "").join("\n"),
    blocked_email_domains: [...new Set(blockedDomainLines(value.blocked_email_domains ?? ""))].join("\n"),
    newsletter_day: value.newsletter_day,
    newsletter_time: value.newsletter_time,
    newsletter_rate: value.newsletter_rate,
  };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("settings").selectAll().where("id", "=", 1).forUpdate().executeTakeFirstOrThrow();
      const saved = await trx
        .updateTable("settings")
        .set({ ...columns, updated_at: sql`now()` })
        .where("id", "=", 1)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = Object.fromEntries(Object.keys(columns).map((key) => [key, saved[key as keyof typeof saved]]));
      const diff = changedFields(current, after);
      if (Object.keys(diff.after).length)
        await recordAudit(trx, { actorId, action: "update", entityType: "settings", entityId: 1, ...diff });
    });
}
