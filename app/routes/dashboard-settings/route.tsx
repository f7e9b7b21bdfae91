import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { AuditTrail } from "#app/components/dashboard/audit-trail.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import type { AnyField } from "#app/components/forms/field.tsx";
import { CheckboxField, InputField, TextAreaField } from "#app/components/forms/fields.tsx";
import { NewsletterSettingsFieldset } from "#app/components/newsletter/settings-fieldset.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { tKey, useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { auditTrail } from "#app/modules/audit/audit.server.ts";
import { presentAudit } from "#app/modules/audit/present.server.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { SOCIAL_NETWORKS } from "#app/modules/staff-content/types.ts";
import { SCAM_WORD_MAX_LENGTH, SCAM_WORDS_MAX_LINES } from "#app/modules/messages/scam-signals.ts";
import { settingsSchema } from "#app/modules/users-admin/schemas.ts";
import { BANNED_WORD_MAX_LENGTH, BANNED_WORDS_MAX_LINES } from "#app/modules/moderation/banned-words.ts";
import { BLOCKED_DOMAINS_MAX_LINES } from "#app/modules/auth/email-domains.ts";
import { saveSettings } from "#app/modules/users-admin/settings.server.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { SocialLinksFieldset } from "#app/components/dashboard/social-links-fieldset.tsx";
import { StaffTwoFactorFieldset } from "#app/components/account/staff-two-factor-fieldset.tsx";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "settings.manage");
  const settings = await getSettings();
  const t = adminT(context);
  const social = (settings.social_links ?? {}) as Record<string, string>;
  const text = (value: string | number | null) => (value === null ? undefined : String(value));
  return {
    defaults: {
      site_name_uk: settings.site_name_uk,
      site_name_en: text(settings.site_name_en),
      contact_email: text(settings.contact_email),
      contact_phone: text(settings.contact_phone),
      contact_address_uk: text(settings.contact_address_uk),
      contact_address_en: text(settings.contact_address_en),
      ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, social[network]])),
      advert_moderation: settings.advert_moderation ? "on" : undefined,
      advert_lifetime_days: String(settings.advert_lifetime_days),
      advert_max_images: String(settings.advert_max_images),
      adverts_per_user_per_day: String(settings.adverts_per_user_per_day),
      advert_reminder_days: String(settings.advert_reminder_days),
      advert_raise_interval_days: String(settings.advert_raise_interval_days),
      staff_two_factor: settings.staff_two_factor ? "on" : undefined,
      scam_payment_words: settings.scam_payment_words,
      scam_messenger_words: settings.scam_messenger_words,
      flag_hold_threshold: String(settings.flag_hold_threshold),
      guide_outdated_months: String(settings.guide_outdated_months),
      banned_words: settings.banned_words,
      blocked_email_domains: settings.blocked_email_domains,
      newsletter_day: String(settings.newsletter_day),
      newsletter_time: settings.newsletter_time,
      newsletter_rate: String(settings.newsletter_rate),
    } as Record<string, string | undefined>,
    history: presentAudit(await auditTrail("settings", 1, 20), getPageLanguage(context)),
    seo: { title: t("dashboard:sections.settings"), description: t("admin:settings.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "settings.manage");
  const submission = parseWithZod(await readForm(request), { schema: settingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveSettings(submission.value, user.id);
  return redirectWithFlash(localizePath("/dashboard/settings", localeFromPath(url.pathname)), {
    severity: "success",
    message: "admin:settings.saved",
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const [form, fields] = useConformForm(settingsSchema, {
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
  });
  const field = (name: string) => (fields as Record<string, AnyField>)[name]!;
  const bilingual = (base: string) => (
    <div className="dash-bilingual">
      {(["uk", "en"] as const).map((language) => (
        <InputField
          key={language}
          field={field(`${base}_${language}`)}
          lang={language}
          label={t("admin:form.in_language", {
            field: tKey(t, `admin:settings.${base}`),
            language: tKey(t, `admin:form.language_${language}`),
          })}
        />
      ))}
    </div>
  );
  return (
    <>
      <div className="dash-heading">
        <h1>{t("dashboard:sections.settings")}</h1>
        <LocalizedLink to="/dashboard/settings/users" className="button button--secondary">
          {t("admin:users.title")}
        </LocalizedLink>
      </div>
      <p className="panel__lead">{t("admin:settings.lead")}</p>
      <Form method="post" className="dash-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="dash-group">
          <legend>{t("admin:settings.site")}</legend>
          {bilingual("site_name")}
        </fieldset>
        <fieldset className="dash-group">
          <legend>{t("admin:settings.contacts")}</legend>
          <InputField field={field("contact_email")} label={t("admin:settings.contact_email")} type="email" />
          <InputField field={field("contact_phone")} label={t("admin:settings.contact_phone")} type="tel" />
          {bilingual("contact_address")}
          <SocialLinksFieldset legend={t("admin:fields.social_links")} field={field} />
        </fieldset>
        <fieldset className="dash-group">
          <legend>{t("admin:settings.adverts")}</legend>
          <CheckboxField field={field("advert_moderation")} label={t("admin:settings.advert_moderation")} />
          <InputField field={field("advert_lifetime_days")} label={t("admin:settings.advert_lifetime_days")} type="number" />
          <InputField field={field("advert_max_images")} label={t("admin:settings.advert_max_images")} type="number" />
          <InputField field={field("adverts_per_user_per_day")} label={t("admin:settings.adverts_per_user_per_day")} type="number" />
          <InputField field={field("advert_reminder_days")} label={t("admin:settings.advert_reminder_days")} type="number" />
          <InputField field={field("advert_raise_interval_days")} label={t("admin:settings.advert_raise_interval_days")} type="number" />
        </fieldset>
        <fieldset className="dash-group">
          <legend>{t("admin:settings.scam_words")}</legend>
          <p className="field__hint">{t("admin:settings.scam_words_lead", { lines: SCAM_WORDS_MAX_LINES, max: SCAM_WORD_MAX_LENGTH })}</p>
          <TextAreaField field={field("scam_payment_words")} label={t("admin:settings.scam_payment_words")} rows={8} />
          <TextAreaField field={field("scam_messenger_words")} label={t("admin:settings.scam_messenger_words")} rows={8} />
        </fieldset>
        <fieldset className="dash-group">
          <legend>{t("admin:settings.review")}</legend>
          <InputField
            field={field("flag_hold_threshold")}
            label={t("admin:settings.flag_hold_threshold")}
            hint={t("admin:settings.flag_hold_threshold_hint")}
            type="number"
          />
          <InputField
            field={field("guide_outdated_months")}
            label={t("admin:settings.guide_outdated_months")}
            hint={t("admin:settings.guide_outdated_months_hint")}
            type="number"
          />
          <TextAreaField
            field={field("banned_words")}
            label={t("admin:settings.banned_words")}
            hint={t("admin:settings.banned_words_hint", { lines: BANNED_WORDS_MAX_LINES, max: BANNED_WORD_MAX_LENGTH })}
            rows={6}
          />
          <TextAreaField
            field={field("blocked_email_domains")}
            label={t("admin:settings.blocked_email_domains")}
            hint={t("admin:settings.blocked_email_domains_hint", { lines: BLOCKED_DOMAINS_MAX_LINES })}
            rows={6}
          />
        </fieldset>
        <NewsletterSettingsFieldset field={field} />
        <StaffTwoFactorFieldset field={field("staff_two_factor")} />
        <SubmitRow>{t("admin:form.save")}</SubmitRow>
      </Form>
      <AuditTrail entries={loaderData.history} />
    </>
  );
}
