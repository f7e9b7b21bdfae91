import { Form } from "react-router";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import type { FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { CodeForm } from "./code-form.tsx";

type TwoFactor = {
  enabled: boolean;
  recoveryCodesLeft: number;
  staffRequired: boolean;
  enrolment: { secret: string; qrDataUrl: string } | null;
  constraint: FormConstraint;
};

/** The authenticator app: off (set up), enrolling (QR code, key, confirm), on (new recovery codes, turn off). */
export function TotpPanel({ twoFactor, reply }: { twoFactor: TwoFactor; reply: FormReply | undefined }) {
  const { t } = useSecurityT();
  const { enabled, enrolment, constraint } = twoFactor;
  return (
    <section className="panel" id="totp" aria-labelledby="totp-heading">
      <h2 id="totp-heading">{t("security:totp.heading")}</h2>
      {twoFactor.staffRequired ? <p className="notice notice--warn">{t("security:totp.staff_required")}</p> : null}
      {enabled ? (
        <>
          <p className="panel__lead">{t("security:totp.on", { count: twoFactor.recoveryCodesLeft })}</p>
          <CodeForm intent="recovery-regenerate" reply={reply} constraint={constraint} label={t("security:totp.confirm_code")} submit={t("security:totp.regenerate")} variant="secondary" />
          <CodeForm intent="totp-disable" reply={reply} constraint={constraint} label={t("security:totp.confirm_code")} submit={t("security:totp.disable")} variant="danger" />
        </>
      ) : enrolment ? (
        <>
          <p className="panel__lead">{t("security:totp.scan")}</p>
          <img className="totp-qr" src={enrolment.qrDataUrl} alt={t("security:totp.qr_alt")} width={200} height={200} />
          <p>
            {t("security:totp.secret")}: <code className="totp-secret" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <CodeForm intent="totp-confirm" reply={reply} constraint={constraint} label={t("security:totp.confirm_code")} submit={t("security:totp.confirm")} />
          <Form method="post">
            <input type="hidden" name="intent" value="totp-cancel" />
            <button type="submit" className="button button--secondary">
              {t("security:totp.cancel")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="panel__lead">{t("security:totp.off")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="totp-start" />
            <button type="submit" className="button">
              {t("security:totp.start")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
