import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { can } from "#app/modules/auth/access.ts";
import { getSession, requireUser } from "#app/modules/auth/guards.server.ts";
import { listPasskeys, removePasskey, renamePasskey } from "#app/modules/auth/passkeys.server.ts";
import { clearEvents, consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { isRecentlyAuthenticated, markReauthenticated, REAUTHENTICATION_MINUTES } from "#app/modules/auth/reauthentication.server.ts";
import {
  PASSKEY_NAME_MAX,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  reauthenticateSchema,
  totpCodeSchema,
} from "#app/modules/auth/second-factor-schemas.ts";
import { beginPasswordAttempt } from "#app/modules/auth/sign-in.server.ts";
import { checkPassword } from "#app/modules/auth/users.server.ts";
import {
  beginTotpEnrolment,
  confirmTotp,
  disableTotp,
  newRecoveryCodes,
  totpEnrolment,
  totpState,
  verifySecondFactor,
} from "#app/modules/auth/totp.server.ts";
import { deviceLabel, type Device } from "#app/modules/auth/device-label.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { queueSecurityMail } from "#app/modules/auth/security-mail.server.ts";
import { listUserSessions, signOutOtherSessions, signOutSession } from "#app/modules/auth/sessions-list.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { PasskeysPanel } from "./passkeys-panel.tsx";
import { ReauthSection } from "./reauth-section.tsx";
import { sessionActionSchema } from "./schema.ts";
import { SessionsSection } from "./sessions-section.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { TotpPanel } from "./totp-panel.tsx";

// /cabinet/security: the authenticator app, recovery codes, passkeys, and where the account is
// signed in (sessions are named by a random handle, never by their id).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const state = await totpState(user.id);
  const enrolment = await totpEnrolment(user);
  const staffRequired = !state.enabled && can(user.role, "dashboard.view") && (await getCachedSettings()).staff_two_factor;
  const language = getPageLanguage(context);
  const when = (iso: string) => `${formatDate(new Date(iso), language)}, ${formatTime(new Date(iso), language)}`;
  const sessionList = await listUserSessions(user.id, getSession(context)?.id ?? null);
  const sessions = sessionList.map((session) => ({
    handle: session.handle,
    device: deviceLabel(session.device, (key, values) => t(`security:${key}`, values)),
    current: session.current,
    lastUsed: { iso: session.lastUsedAt, text: when(session.lastUsedAt) },
    started: { iso: session.startedAt, text: when(session.startedAt) },
  }));
  return {
    sessions,
    twoFactor: {
      ...state,
      staffRequired,
      enrolment: enrolment && { secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl },
      constraint: getZodConstraint(totpCodeSchema),
    },
    passkeys: {
      list: await listPasskeys(user.id),
      constraint: getZodConstraint(passkeyRenameSchema),
      newName: newPasskeyName(sessionList.find((session) => session.current)?.device ?? null, t),
    },
    // Without a recent sign-in, adding a passkey or turning two-factor on first asks for the password.
    reauthentication: {
      recent: isRecentlyAuthenticated(context),
      minutes: REAUTHENTICATION_MINUTES,
      constraint: getZodConstraint(reauthenticateSchema),
    },
    seo: { title: t("security:title"), description: t("security:lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

/**
 * Intents: `reauthenticate` (the password, for the changes below that need a recent sign-in),
 * `totp-*` (enrol, confirm, turn off), `recovery-*` (new codes), `passkey-*` (rename, remove),
 * `session-*` (sign out).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = url.pathname;
  const flash = (message: string) => redirectWithFlash(here, { severity: "success", message });

  if (intent === "session-sign-out" || intent === "session-sign-out-others") {
    const parsed = sessionActionSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) badRequest();
    if (parsed.data.intent === "session-sign-out") {
      // Unknown, malformed or another account's handle: the same 404.
      if (!(await signOutSession(user.id, parsed.data.session))) notFound();
      return redirectWithFlash(here, { severity: "success", message: "security:sessions.signed_out" }, { status: 303 });
    }
    const current = getSession(context);
    if (current) await signOutOtherSessions(user.id, current.id);
    return redirectWithFlash(here, { severity: "success", message: "security:sessions.signed_out_others" }, { status: 303 });
  }

  if (intent === "reauthenticate") {
    const submission = parseWithZod(formData, { schema: reauthenticateSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["password"] }), 400);
    // Counted like a sign-in: a stolen session must not become a password-guessing oracle.
    const attempt = await beginPasswordAttempt(context, user.email);
    if (attempt.limited) return tooManyReply(intent, submission, attempt, ["password"]);
    if (!(await checkPassword(user.id, submission.value.password))) {
      return formReply(
        intent,
        submission.reply({ fieldErrors: { password: ["security:errors.password_wrong"] }, hideFields: ["password"] }),
        400,
      );
    }
    await attempt.release();
    await markReauthenticated(context);
    return redirectWithFlash(here, { severity: "success", message: "security:flash.reauthenticated" }, { status: 303 });
  }

  // An authenticator app the owner does not hold would lock them out: turning it on needs a
  // recent sign-in (or the password) like adding a passkey. A stale page's post gets the form's message.
  if ((intent === "totp-start" || intent === "totp-confirm") && !isRecentlyAuthenticated(context)) {
    const submission = parseWithZod(formData, { schema: reauthenticateSchema });
    return formReply(
      "reauthenticate",
      submission.reply({ fieldErrors: { password: ["security:errors.reauthenticate"] }, hideFields: ["password", "code"] }),
      403,
    );
  }

  if (intent === "totp-start") {
    await beginTotpEnrolment(user.id);
    return redirectWithFlash(`${here}#totp`, { severity: "info", message: "security:totp.scan" });
  }
  if (intent === "totp-cancel") {
    if (!(await totpState(user.id)).enabled) await disableTotp(user.id);
    return redirectWithFlash(here, { severity: "info", message: "security:totp.off" });
  }

  if (intent === "totp-confirm" || intent === "totp-disable" || intent === "recovery-regenerate") {
    const submission = parseWithZod(formData, { schema: totpCodeSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["code"] }), 400);
    // Codes typed here count against the same lock as the second sign-in step.
    const attempt = await consumeLimit(limitRules.secondStep(user.id));
    if (attempt.limited) return tooManyReply(intent, submission, attempt, ["code"]);
    const wrong = () =>
      formReply(intent, submission.reply({ fieldErrors: { code: ["security:errors.code_wrong"] }, hideFields: ["code"] }), 400);
    if (intent === "totp-confirm") {
      const codes = await confirmTotp(user.id, submission.value.code);
      if (!codes) return wrong();
      await releaseCodeAttempts(attempt, user.id);
      // A second factor is new protection: whoever else holds a session (a stolen one) loses it.
      const current = getSession(context);
      if (current) await signOutOtherSessions(user.id, current.id);
      await queueSecurityMail({ userId: user.id, event: "two-factor-on" });
      // The codes are shown once, in this answer: never in a URL, a cookie or a later page.
      return data({ intent, recoveryCodes: codes, flash: "security:flash.totp_enabled" as const });
    }
    if (!(await verifySecondFactor(user.id, submission.value.code, "totp"))) return wrong();
    await releaseCodeAttempts(attempt, user.id);
    // A right code from the app proves the account as the password does.
    await markReauthenticated(context);
    if (intent === "totp-disable") {
      await disableTotp(user.id);
      await queueSecurityMail({ userId: user.id, event: "two-factor-off" });
      return flash("security:flash.totp_disabled");
    }
    return data({ intent, recoveryCodes: await newRecoveryCodes(user.id), flash: null });
  }

  if (intent === "passkey-rename") {
    const submission = parseWithZod(formData, { schema: passkeyRenameSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    if (!(await renamePasskey(user.id, submission.value.passkey, submission.value.name))) badRequest();
    return flash("security:flash.passkey_renamed");
  }
  if (intent === "passkey-remove") {
    const submission = parseWithZod(formData, { schema: passkeyRemoveSchema });
    if (submission.status !== "success" || !(await removePasskey(user.id, submission.value.passkey))) badRequest();
    await queueSecurityMail({ userId: user.id, event: "passkey-removed" });
    return flash("security:flash.passkey_removed");
  }
  badRequest();
}

/** A new passkey's suggested name, in the page's language and with this device when known: "Ключ доступу (Chrome на Linux)". */
function newPasskeyName(device: Device | null, t: ReturnType<typeof accountT>): string {
  if (!device) return t("security:passkeys.default_name");
  const name = t("security:passkeys.default_name_on", { device: deviceLabel(device, (key, values) => t(`security:${key}`, values)) });
  return name.slice(0, PASSKEY_NAME_MAX);
}

async function releaseCodeAttempts(attempt: { release(): Promise<void> }, userId: number) {
  await attempt.release();
  await clearEvents([limitRules.secondStepKey(userId)]);
}

type ActionData = FormReply | { intent: string; recoveryCodes: string[]; flash: string | null };

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  const answer = actionData as ActionData | undefined;
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  const reply = answer && "result" in answer ? answer : undefined;
  return (
    <>
      <h1>{t("security:title")}</h1>
      <p className="panel__lead">{t("security:lead")}</p>
      <div className="auth-page security-page">
        {codes ? <RecoveryCodes codes={codes} /> : null}
        {loaderData.reauthentication.recent ? null : <ReauthSection reauthentication={loaderData.reauthentication} reply={reply} />}
        <TotpPanel twoFactor={loaderData.twoFactor} recent={loaderData.reauthentication.recent} reply={reply} />
        <PasskeysPanel passkeys={loaderData.passkeys} recent={loaderData.reauthentication.recent} reply={reply} />
        <SessionsSection sessions={loaderData.sessions} />
      </div>
    </>
  );
}
