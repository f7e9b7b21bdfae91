import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, useLocation } from "react-router";
import { useLocale } from "~/hooks/use-t";
import { localizePath } from "~/i18n/locales";
import { REPORT_MESSAGE_MAX, REPORT_REASONS, reportSchema } from "~/modules/reports/schema";
import type { ReportTargetType } from "../../db/schema.ts";
import { useAdvertsT, useMessage } from "./adverts/use-adverts-t";

export type ReportReply = { result: SubmissionResult<string[]> };

/**
 * "Report" on adverts and on news, poster, service and diaspora items: a reason from
 * DESIGN's list and a message; anonymous allowed. It posts to /report?type=&id=, which
 * returns to this page with a thank-you toast; without JS a refused post shows the form
 * (with its messages) on that page.
 * `standalone` renders it open, for that page.
 */
export function ReportForm({
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
  const message = useMessage();
  const locale = useLocale();
  const { pathname } = useLocation();
  const fetcher = useFetcher<ReportReply>();
  const id = `report-${targetType}-${targetId}`;
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.result ?? lastResult ?? undefined,
    defaultValue: { targetType, targetId: String(targetId), returnTo: returnTo ?? pathname },
    constraint: getZodConstraint(reportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const target = t(`reports:targets.${targetType}`);
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);
  const body = (
    <fetcher.Form method="post" action={`${localizePath("/report", locale)}?type=${targetType}&id=${targetId}`} className="form report-form" {...getFormProps(form)}>
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="returnTo" value={returnTo ?? pathname} />
      <p className="field__hint">{t("reports:form.lead")}</p>
      {form.errors?.length ? (
        <div id={form.errorId} className="form__errors" role="alert">
          {form.errors.map((error) => (
            <p key={error}>{message(error)}</p>
          ))}
        </div>
      ) : null}
      <fieldset className="field report-form__reasons" aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
        <legend>{t("reports:form.reason")}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="report-form__reason">
            <input
              type="radio"
              name={fields.reason.name}
              value={reason}
              defaultChecked={fields.reason.initialValue === reason}
              required
            />
            {t(`reports:reasons.${reason}`)}
          </label>
        ))}
        {fields.reason.errors ? (
          <p id={fields.reason.errorId} className="field__error">
            {fields.reason.errors.map(message).join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={fields.message.id}>{t("reports:form.message")}</label>
        <p id={`${fields.message.id}-hint`} className="field__hint">
          {t("reports:form.message_hint")}
        </p>
        <textarea
          key={messageKey}
          {...messageProps}
          rows={4}
          maxLength={REPORT_MESSAGE_MAX}
          aria-describedby={[`${fields.message.id}-hint`, fields.message.errors ? fields.message.errorId : null].filter(Boolean).join(" ")}
        />
        {fields.message.errors ? (
          <p id={fields.message.errorId} className="field__error">
            {fields.message.errors.map(message).join(" ")}
          </p>
        ) : null}
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t("reports:form.honeypot")}</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--secondary" disabled={fetcher.state !== "idle"}>
          {t("reports:form.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
  if (standalone) {
    return (
      <section className="report panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t("reports:form.heading", { target })}</h2>
        {body}
      </section>
    );
  }
  return (
    <details className="report" open={Boolean(fetcher.data?.result.error) || undefined}>
      <summary>{t("reports:form.toggle")}</summary>
      <h2 className="visually-hidden">{t("reports:form.heading", { target })}</h2>
      {body}
    </details>
  );
}
