import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { $ZodType } from "zod/v4/core";
import type { AnyField } from "#app/components/forms/field.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import type { StaffDate } from "#app/modules/posters/dates.server.ts";
import { dateCancelSchema, dateMoveSchema, type DateIntent } from "./schema.ts";
import { tKey, useAdminT } from "#app/components/dashboard/use-admin-t.ts";

/** The answer to a refused date form: which date and form it was, and conform's result. */
export type DateReply = { occurrence: string; intent: DateIntent; result: SubmissionResult<string[]> };

/** An event's coming dates on its dashboard page, each cancelled, moved or restored on its own (posters only). */
export function PosterDatesSection({ dates, reply }: { dates: StaffDate[]; reply: DateReply | null }) {
  const { t } = useAdminT();
  return (
    <section className="dash-dates" aria-labelledby="dates-heading">
      <h2 id="dates-heading">{t("admin:dates.heading")}</h2>
      <p className="dash-table__sub">{t("admin:dates.intro")}</p>
      {dates.length === 0 ? (
        <p>{t("admin:dates.empty")}</p>
      ) : (
        <ul className="dash-dates__list">
          {dates.map((date) => (
            <DateRow key={date.id} date={date} reply={reply?.occurrence === String(date.id) ? reply : null} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DateRow({ date, reply }: { date: StaffDate; reply: DateReply | null }) {
  const { t } = useAdminT();
  const restore = (
    <IntentButton intent="date_restore" fields={{ occurrence: date.id }} buttonClassName="button button--secondary">
      {t("admin:dates.restore")}
    </IntentButton>
  );
  return (
    <li className="dash-dates__item" data-date={date.id}>
      <p className="dash-dates__when">
        <time dateTime={date.startsAt}>{date.cancelled ? <s>{date.schedule}</s> : date.schedule}</time>
        {date.cancelled ? <strong className="dash-dates__mark"> {t("admin:dates.cancelled")}</strong> : null}
        {date.moved ? <span className="dash-dates__mark"> {t("admin:dates.moved_from", { date: date.originalSchedule })}</span> : null}
        {date.note ? <span className="dash-dates__note"> — {date.note.text}</span> : null}
      </p>
      {date.cancelled ? (
        restore
      ) : (
        <div className="dash-dates__actions">
          <DateForm intent="date_cancel" schema={dateCancelSchema} date={date} reply={reply}>
            {(field) => <Notes field={field} />}
          </DateForm>
          <DateForm intent="date_move" schema={dateMoveSchema} date={date} reply={reply}>
            {(field) => (
              <>
                <div className="dash-bilingual">
                  <InputField field={field("starts_at")} label={t("admin:dates.starts_at")} hint={t("admin:form.datetime_hint")} />
                  <InputField field={field("ends_at")} label={t("admin:dates.ends_at")} hint={t("admin:form.datetime_hint")} />
                </div>
                <Notes field={field} />
              </>
            )}
          </DateForm>
          {date.moved ? restore : null}
        </div>
      )}
    </li>
  );
}

function Notes({ field }: { field: (name: string) => AnyField }) {
  const { t } = useAdminT();
  return (
    <div className="dash-bilingual">
      <InputField field={field("note_uk")} label={t("admin:dates.note_uk")} lang="uk" />
      <InputField field={field("note_en")} label={t("admin:dates.note_en")} lang="en" />
    </div>
  );
}

type DateFormProps = {
  intent: "date_cancel" | "date_move";
  schema: $ZodType;
  date: StaffDate;
  reply: DateReply | null;
  children: (field: (name: string) => AnyField) => React.ReactNode;
};

/** One change of one date, folded until opened (open again when the server refused it). */
function DateForm({ intent, schema, date, reply, children }: DateFormProps) {
  const { t } = useAdminT();
  const own = reply?.intent === intent ? reply.result : null;
  const [form, fields] = useConformForm(schema, {
    id: `${intent}-${date.id}`,
    lastResult: own,
    validateOn: "submit",
    defaultValue: intent === "date_move" ? { starts_at: date.startsInput, ends_at: date.endsInput } : undefined,
  });
  const field = (name: string) => (fields as Record<string, AnyField>)[name]!;
  const verb = intent === "date_cancel" ? "cancel" : "move";
  return (
    <details className="dash-dates__form" open={own ? true : undefined}>
      <summary>{tKey(t, `admin:dates.${verb}_summary`)}</summary>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="occurrence" value={date.id} />
        {children(field)}
        <SubmitRow variant={intent === "date_cancel" ? "danger" : undefined}>{tKey(t, `admin:dates.${verb}`)}</SubmitRow>
      </Form>
    </details>
  );
}
