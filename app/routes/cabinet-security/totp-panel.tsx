import { useSecurityT } from "#app/components/account/use-security-t.ts";
import type { FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { CodeForm } from "#app/components/account/code-form.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

type TwoFactor = {
  enabled: boolean;
  recoveryCodesLeft: number;
  staffRequired: boolean;
  enrolment: { secret: string; qrDataUrl: string } | null;
  constraint: FormConstraint;
};

/**
 * The authenticator app: off (set up), enrolling (QR code, key, confirm), on (new recovery codes, turn off).
 * Setting up and confirming need a recent sign-in (`recent`); otherwise the page's password form comes first.
 */
export function TotpPanel({ twoFactor, recent, reply }: { twoFactor: TwoFactor; recent: boolean; reply: FormReply | undefined }) {
  const { t } = useSecurityT();
  const { enabled, enrolment, constraint } = twoFactor;
  // Each form asks for a code from the app; they differ in what it confirms.
  const codeForm = { reply, constraint, label: t("security:totp.confirm_code") };
  return (
    <section className="panel" id="totp" aria-labelledby="totp-heading">
      <h2 id="totp-heading">{t("security:totp.heading")}</h2>
      {twoFactor.staffRequired ? <p className="notice notice--warn">{t("security:totp.staff_required")}</p> : null}
      {enabled ? (
        <>
          <p className="panel__lead">{t("security:totp.on", { count: twoFactor.recoveryCodesLeft })}</p>
          <CodeForm {...codeForm} intent="recovery-regenerate" submit={t("security:totp.regenerate")} variant="secondary" />
          <CodeForm {...codeForm} intent="totp-disable" submit={t("security:totp.disable")} variant="danger" />
        </>
      ) : enrolment ? (
        <>
          <p className="panel__lead">{t("security:totp.scan")}</p>
          <img className="totp-qr" src={enrolment.qrDataUrl} alt={t("security:totp.qr_alt")} width={200} height={200} />
          {/* The key in fours, read and typed a group at a time: authenticator apps take the spaces. */}
          <p>
            {t("security:totp.secret")}:{" "}
            <code className="totp-secret" data-testid="totp-secret">
              {enrolment.secret.replace(/(.{4})(?=.)/g, "$1 ")}
            </code>
          </p>
          {recent ? (
            <CodeForm {...codeForm} intent="totp-confirm" submit={t("security:totp.confirm")} />
          ) : (
            <p className="field__hint">{t("security:totp.reauth_needed")}</p>
          )}
          <IntentButton intent="totp-cancel" buttonClassName="button button--secondary">
            {t("security:totp.cancel")}
          </IntentButton>
        </>
      ) : (
        <>
          <p className="panel__lead">{t("security:totp.off")}</p>
          {recent ? (
            <IntentButton intent="totp-start">{t("security:totp.start")}</IntentButton>
          ) : (
            <p className="field__hint">{t("security:totp.reauth_needed")}</p>
          )}
        </>
      )}
    </section>
  );
}
