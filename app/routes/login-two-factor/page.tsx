import type { Route } from "./+types/route";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { CodeForm } from "#app/components/account/code-form.tsx";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { type SecondStepIntent } from "#app/modules/auth/second-factor-schemas.ts";

export default function SecondStep({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useSecurityT();
  const reply = actionData as FormReply<SecondStepIntent> | undefined;
  return (
    <div className="auth-page">
      <section className="panel" aria-labelledby="second-step-heading">
        <h1 id="second-step-heading">{t("security:second_step.title")}</h1>
        <p className="panel__lead">{t("security:second_step.lead")}</p>
        <CodeForm
          intent="totp-verify"
          reply={reply}
          constraint={loaderData.constraints.totp}
          label={t("security:second_step.code")}
          submit={t("security:second_step.submit")}
        />
      </section>
      <section className="panel" aria-labelledby="recovery-heading">
        <h2 id="recovery-heading">{t("security:second_step.recovery_heading")}</h2>
        <p className="panel__lead">{t("security:second_step.recovery_lead")}</p>
        <CodeForm
          intent="recovery-verify"
          reply={reply}
          constraint={loaderData.constraints.recovery}
          label={t("security:second_step.recovery_code")}
          submit={t("security:second_step.recovery_submit")}
          variant="secondary"
          autoComplete="off"
        />
      </section>
    </div>
  );
}
