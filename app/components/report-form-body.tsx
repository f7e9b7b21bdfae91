import type { SubmissionResult } from "@conform-to/react";
import { useFetcher, useLocation } from "react-router";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { REPORT_MESSAGE_MAX, reportReasonsFor } from "#app/modules/reports/limits.ts";
import type { ReportTargetType } from "#db/schema.ts";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { FieldErrors, FormErrors } from "#app/components/forms/error-list.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { reportFormWords } from "./report-words.ts";

export type ReportReply = { result: SubmissionResult<string[]> };

/**
 * The report form: a reason from the fixed list (docs/product.md#reports-and-moderation) and a message; anonymous allowed. It posts to
 * /report?type=&id=, which returns to this page with a thank-you toast; without JS a refused
 * post shows the form (with its messages) on that page.
 * Two fields: the server validates (its zod schema in modules/reports/schema.ts) and its
 * messages show beside the fields, so neither zod nor conform is shipped to public pages.
 * `standalone` renders it in a titled panel, for /report; item pages show it in the
 * `<details>` of report-form.tsx, which loads this module when opened.
 */
export default function ReportFormBody({
  targetType,
  targetId,
  returnTo,
  lastResult,
  standalone = false,
}: {
  targetType: ReportTargetType;
  targetId: number;
  returnTo?: string;
  lastResult?: SubmissionResult<string[]> | null;
  standalone?: boolean;
}) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const fetcher = useFetcher<ReportReply>();
  const id = `report-${targetType}-${targetId}`;
  const words = reportFormWords(targetType);
  const result = fetcher.data?.result ?? lastResult ?? undefined;
  const errors = result?.error ?? {};
  const initial = (result?.initialValue ?? {}) as { reason?: unknown; message?: unknown };
  // The same ids conform gave these fields, so links and labels stay as they were.
  const fields = {
    reason: { name: "reason", errorId: `${id}-reason-error`, errors: errors.reason ?? undefined },
    message: { name: "message", id: `${id}-message`, errorId: `${id}-message-error`, errors: errors.message ?? undefined },
  };
  const formErrors = errors[""] ?? undefined;
  const body = (
    <fetcher.Form
      method="post"
      action={`${localizePath("/report", locale)}?type=${targetType}&id=${targetId}`}
      className="form report-form"
      id={id}
      noValidate
      aria-describedby={formErrors ? `${id}-error` : undefined}
    >
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="returnTo" value={returnTo ?? pathname} />
      <p className="field__hint">{t(words.lead)}</p>
      <FormErrors id={`${id}-error`} errors={formErrors} />
      <fieldset className="field report-form__reasons" aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
        <legend>{t("reports:form.reason")}</legend>
        {reportReasonsFor(targetType).map((reason) => (
          <label key={reason} className="report-form__reason">
            <input type="radio" name={fields.reason.name} value={reason} defaultChecked={initial.reason === reason} required />
            {t(`reports:reasons.${reason}`)}
          </label>
        ))}
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.message.id}>{t("reports:form.message")}</label>
        <p id={`${fields.message.id}-hint`} className="field__hint">
          {t("reports:form.message_hint")}
        </p>
        <textarea
          // A new server answer resets the field to what was sent, as conform did.
          key={String(initial.message ?? "")}
          id={fields.message.id}
          name={fields.message.name}
          form={id}
          defaultValue={typeof initial.message === "string" ? initial.message : undefined}
          aria-invalid={fields.message.errors ? true : undefined}
          rows={4}
          maxLength={REPORT_MESSAGE_MAX}
          aria-describedby={[`${fields.message.id}-hint`, fields.message.errors ? fields.message.errorId : null].filter(Boolean).join(" ")}
        />
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t("reports:form.honeypot")}</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <SubmitRow variant="secondary" disabled={fetcher.state !== "idle"}>
        {t(words.submit)}
      </SubmitRow>
    </fetcher.Form>
  );
  if (!standalone) return body;
  const target = t(`reports:targets.${targetType}`);
  return (
    <section className="report panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(words.heading, { target })}</h2>
      {body}
    </section>
  );
}
