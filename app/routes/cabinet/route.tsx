import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { NewPasswordField } from "#app/components/account/new-password-field.tsx";
import { UnverifiedEmailNotice } from "#app/components/account/unverified-email-notice.tsx";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { Field, selectProps } from "#app/components/forms/field.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { LOCALES as LOCALE_INFO } from "#app/i18n/locales.ts";
import { queueVerificationMail } from "#app/modules/auth/account-mail.server.ts";
import { getSession, requireUser } from "#app/modules/auth/guards.server.ts";
import { consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { deleteUserSessions } from "#app/modules/auth/session.server.ts";
import { queueSecurityMail } from "#app/modules/auth/security-mail.server.ts";
import { beginPasswordAttempt } from "#app/modules/auth/sign-in.server.ts";
import { checkPassword, setPassword, updateProfile, findUserById } from "#app/modules/auth/users.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { LOCALES } from "#db/schema.ts";
import { emailChangeSchema, messageMailSchema, passwordChangeSchema, profileSchema } from "./schema.ts";
import { EmailChangeSection } from "./email-change-section.tsx";
import { cancelEmailChange, EMAIL_CHANGE_HOURS, pendingEmailChange, requestEmailChange } from "#app/modules/auth/email-change.server.ts";
import { messageMailOf, setMessageMail } from "#app/modules/messages/mail.server.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { badRequest } from "#app/platform/http/errors.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { ownsAnAdvert } from "#app/modules/adverts/owner.server.ts";
import { hasTwoFactor, verifySecondFactor } from "#app/modules/auth/totp.server.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const [messageMail, hasAdverts, pending, twoFactor] = await Promise.all([
    messageMailOf(user.id),
    ownsAnAdvert(user.id),
    pendingEmailChange(user.id),
    hasTwoFactor(user.id),
  ]);
  return {
    firstAdvert: !hasAdverts,
    profile: {
      email: user.email,
      name: user.name,
      phone: user.phone ?? "",
      preferredLocale: user.preferredLocale,
      role: user.role,
      emailVerified: user.emailVerified,
      messageMail,
    },
    pendingEmail: pending && { email: pending.email, hours: EMAIL_CHANGE_HOURS },
    twoFactor,
    seo: { title: t("cabinet:profile.title"), description: t("cabinet:profile.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = url.pathname;

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    const { name, phone, preferredLocale } = submission.value;
    await updateProfile(user.id, { name, phone: phone || null, preferredLocale });
    return redirectWithFlash(here, { severity: "success", message: "cabinet:profile.saved" });
  }

  if (intent === "message-mail") {
    const submission = parseWithZod(formData, { schema: messageMailSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    await setMessageMail(user.id, submission.value.messageMail);
    return redirectWithFlash(here, { severity: "success", message: "cabinet:message_mail.saved" });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    const hidden = ["currentPassword", "newPassword"];
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: hidden }), 400);
    const attempt = await beginPasswordAttempt(context, user.email);
    if (attempt.limited) return tooManyReply(intent, submission, attempt, hidden);
    if (!(await checkPassword(user.id, submission.value.currentPassword))) {
      return formReply(
        intent,
        submission.reply({ fieldErrors: { currentPassword: ["auth:errors.current_password_wrong"] }, hideFields: hidden }),
        400,
      );
    }
    await attempt.release();
    await setPassword(user.id, submission.value.newPassword);
    // A new password ends every other session (a thief's included); this one stays.
    await deleteUserSessions(user.id, getSession(context)?.id);
    await queueSecurityMail({ userId: user.id, event: "password-changed" });
    return redirectWithFlash(here, { severity: "success", message: "cabinet:profile.password_changed" });
  }

  if (intent === "email-change") {
    const submission = parseWithZod(formData, { schema: emailChangeSchema });
    const hidden = ["currentPassword", "code"];
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: hidden }), 400);
    // Each request mails an address of the requester's choosing: a few an hour per account.
    const limit = await consumeLimit(limitRules.emailChange(user.id));
    if (limit.limited) return tooManyReply(intent, submission, limit, hidden);
    // The password or code is counted like a sign-in: a stolen session must not become a guessing oracle.
    const attempt = await beginPasswordAttempt(context, user.email);
    if (attempt.limited) return tooManyReply(intent, submission, attempt, hidden);
    const { currentPassword, code } = submission.value;
    const wrong = await wrongEmailChangeProof(user.id, currentPassword, code);
    if (wrong) {
      return formReply(intent, submission.reply({ fieldErrors: wrong, hideFields: hidden }), 400);
    }
    await attempt.release();
    const request = await requestEmailChange(user.id, submission.value.newEmail, publicOrigin());
    if (request.status !== "queued") {
      return formReply(
        intent,
        submission.reply({ fieldErrors: { newEmail: [`cabinet:email_change.errors.${request.status}`] }, hideFields: hidden }),
        400,
      );
    }
    return redirectWithFlash(here, {
      severity: "success",
      message: "cabinet:email_change.sent",
      values: { pending: request.email, email: user.email },
    });
  }

  if (intent === "email-change-cancel") {
    await cancelEmailChange(user.id);
    return redirectWithFlash(here, { severity: "info", message: "cabinet:email_change.cancelled", values: { email: user.email } });
  }

  if (intent === "resend") {
    const fresh = await findUserById(user.id);
    if (!fresh || fresh.email_verified_at) {
      return redirectWithFlash(here, { severity: "info", message: "cabinet:profile.already_verified" });
    }
    const limit = await consumeLimit(limitRules.mailRequest(getClientAddress(context), user.email));
    if (limit.limited) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      return redirectWithFlash(
        here,
        { severity: "warn", message: "auth:login.too_many", values: { minutes } },
        { headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    await queueVerificationMail(fresh, publicOrigin());
    return redirectWithFlash(here, { severity: "success", message: "cabinet:profile.verification_sent", values: { email: user.email } });
  }

  badRequest();
}

/** Field errors when neither the password nor the app code proves the owner; null when one does. */
async function wrongEmailChangeProof(userId: number, password?: string, code?: string): Promise<Record<string, string[]> | null> {
  if (password !== undefined) {
    return (await checkPassword(userId, password)) ? null : { currentPassword: ["cabinet:email_change.errors.password_wrong"] };
  }
  if (!(await hasTwoFactor(userId))) return { currentPassword: ["cabinet:email_change.errors.proof_required"] };
  return (await verifySecondFactor(userId, code ?? "", "totp")) ? null : { code: ["security:errors.code_wrong"] };
}

type Result = FormReply["result"] | undefined;

export default function Cabinet({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { profile } = loaderData;
  const resultFor = (intent: string): Result => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <h1>{t("cabinet:profile.title")}</h1>
      {/* A newcomer came to post: the way there first, not behind the cabinet's menu. */}
      {loaderData.firstAdvert ? (
        <section className="panel cabinet-start" aria-labelledby="cabinet-start-heading">
          <h2 id="cabinet-start-heading">{t("cabinet:start.heading")}</h2>
          <p className="panel__lead">{t("cabinet:start.lead")}</p>
          <LocalizedLink to="/cabinet/add-advertisement" className="button">
            {t("cabinet:start.add")}
          </LocalizedLink>
        </section>
      ) : null}
      {profile.emailVerified ? null : (
        <UnverifiedEmailNotice text={t("cabinet:profile.not_verified")} resendLabel={t("cabinet:profile.resend")} />
      )}
      <div className="auth-page">
        <section className="panel" aria-labelledby="profile-heading">
          <h2 id="profile-heading">{t("cabinet:profile.heading")}</h2>
          <dl className="definition-list">
            <dt>{t("cabinet:profile.email")}</dt>
            <dd>
              {profile.email}
              {profile.emailVerified ? ` (${t("cabinet:profile.verified")})` : null}
            </dd>
            <dt>{t("cabinet:profile.role")}</dt>
            <dd>{t(`cabinet:roles.${profile.role}`)}</dd>
          </dl>
          <ProfileForm profile={profile} lastResult={resultFor("profile")} />
        </section>
        <EmailChangeSection
          email={profile.email}
          pending={loaderData.pendingEmail}
          twoFactor={loaderData.twoFactor}
          lastResult={resultFor("email-change")}
        />
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">{t("cabinet:profile.password_heading")}</h2>
          <p className="panel__lead">{t("cabinet:profile.password_lead")}</p>
          <PasswordForm lastResult={resultFor("password")} />
        </section>
        <section className="panel" aria-labelledby="message-mail-heading">
          <h2 id="message-mail-heading">{t("cabinet:message_mail.heading")}</h2>
          <p className="panel__lead">{t("cabinet:message_mail.lead")}</p>
          <MessageMailForm choice={profile.messageMail} lastResult={resultFor("message-mail")} />
        </section>
      </div>
    </>
  );
}

function ProfileForm({ profile, lastResult }: { profile: { name: string; phone: string; preferredLocale: string }; lastResult: Result }) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone, preferredLocale: profile.preferredLocale },
  });
  return (
    <IntentForm intent="profile" form={form} {...getFormProps(form)}>
      <InputField field={fields.name} label={t("cabinet:profile.name")} autoComplete="name" />
      <InputField
        field={fields.phone}
        label={t("cabinet:profile.phone")}
        type="tel"
        autoComplete="tel"
        hint={t("cabinet:profile.phone_hint")}
      />
      <Field field={fields.preferredLocale} label={t("cabinet:profile.language")} hint={t("cabinet:profile.language_hint")}>
        {(control) => (
          <select {...selectProps(fields.preferredLocale)} {...control}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={LOCALE_INFO[code].language}>
                {t(`cabinet:languages.${code}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SubmitRow>{t("cabinet:profile.save")}</SubmitRow>
    </IntentForm>
  );
}

function MessageMailForm({ choice, lastResult }: { choice: "instant" | "daily" | "off"; lastResult: Result }) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(messageMailSchema, { id: "message-mail", lastResult, defaultValue: { messageMail: choice } });
  return (
    <IntentForm intent="message-mail" form={form} {...getFormProps(form)}>
      <fieldset className="field choice-list" aria-describedby={fields.messageMail.errors ? fields.messageMail.errorId : undefined}>
        <legend>{t("cabinet:message_mail.label")}</legend>
        {(["instant", "daily", "off"] as const).map((value) => (
          <label key={value} className="choice-list__item">
            <input
              type="radio"
              name={fields.messageMail.name}
              value={value}
              defaultChecked={(fields.messageMail.initialValue ?? choice) === value}
            />
            {t(`cabinet:message_mail.${value}`)}
          </label>
        ))}
        <FormErrors id={fields.messageMail.errorId} errors={fields.messageMail.errors} />
      </fieldset>
      <SubmitRow>{t("cabinet:message_mail.save")}</SubmitRow>
    </IntentForm>
  );
}

function PasswordForm({ lastResult }: { lastResult: Result }) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(passwordChangeSchema, { id: "password", lastResult });
  return (
    <IntentForm intent="password" form={form} {...getFormProps(form)}>
      <InputField
        field={fields.currentPassword}
        label={t("cabinet:profile.current_password")}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordField field={fields.newPassword} label={t("cabinet:profile.new_password")} />
      <SubmitRow>{t("cabinet:profile.change_password")}</SubmitRow>
    </IntentForm>
  );
}
