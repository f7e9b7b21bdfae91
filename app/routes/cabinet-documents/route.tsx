import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { CheckboxField, InputField, SelectField, TextAreaField } from "#app/components/forms/fields.tsx";
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { formReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { fromLocalDateInput, toLocalDateInput } from "#app/modules/staff-content/datetime.ts";
import {
  addDocument,
  deleteDocument,
  listDocuments,
  reminderThresholds,
  setReminderThresholds,
  updateDocument,
  type DocumentInput,
} from "#app/modules/user-documents/documents.server.ts";
import {
  DOCUMENT_LABEL_MAX,
  MAX_USER_DOCUMENTS,
  REMINDER_THRESHOLDS,
  USER_DOCUMENT_KINDS,
  type ReminderThreshold,
} from "#app/modules/user-documents/limits.ts";
import { formatLongDate } from "#app/platform/format/dates.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { documentFieldsSchema, documentIntentSchema, thresholdsSchema } from "./schema.ts";

// /cabinet/documents: the user's own documents with their expiry dates (never numbers or scans),
// and how long before the expiry the reminders come (user-documents/reminders.server.ts).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const language = languageOf(localeFromPath(url.pathname));
  const documents = await listDocuments(user.id);
  return {
    documents: documents.map((document) => ({
      ...document,
      dateText: formatLongDate(new Date(`${document.expiresOn}T12:00:00Z`), language),
      dateInput: toLocalDateInput(document.expiresOn, language),
    })),
    thresholds: await reminderThresholds(user.id),
    max: MAX_USER_DOCUMENTS,
    seo: { title: t("cabinet:documents.title"), description: t("cabinet:documents.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

/** The document a valid form names: "other"'s label only, empty note as none, the date as its day. */
function inputOf(value: { kind: DocumentInput["kind"]; label?: string; expires_on: string; note?: string }): DocumentInput {
  return {
    kind: value.kind,
    label: value.kind === "other" ? (value.label ?? null) : null,
    expiresOn: fromLocalDateInput(value.expires_on)!,
    note: value.note || null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const formData = await readForm(request);
  const parsedIntent = documentIntentSchema.safeParse({ intent: formData.get("intent") });
  if (!parsedIntent.success) badRequest();
  const intent = parsedIntent.data.intent;
  const back = url.pathname;
  if (intent === "thresholds") {
    const submission = parseWithZod(formData, { schema: thresholdsSchema });
    if (submission.status !== "success") return formReply("thresholds", submission.reply(), 400);
    await setReminderThresholds(user.id, submission.value.days.map(Number) as ReminderThreshold[]);
    return redirectWithFlash(back, { severity: "success", message: "cabinet:documents.flash_thresholds" });
  }
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: documentFieldsSchema });
    if (submission.status !== "success") return formReply("add", submission.reply(), 400);
    if (!(await addDocument(user.id, inputOf(submission.value)))) {
      const message = `cabinet:documents.errors.too_many|${JSON.stringify({ max: MAX_USER_DOCUMENTS })}`;
      return formReply("add", submission.reply({ formErrors: [message] }), 400);
    }
    return redirectWithFlash(back, { severity: "success", message: "cabinet:documents.flash_added" });
  }
  const id = parseId(formData.get("id"));
  if (id === null) badRequest();
  if (intent === "delete") {
    if (!(await deleteDocument(user.id, id))) notFound();
    return redirectWithFlash(back, { severity: "success", message: "cabinet:documents.flash_deleted" });
  }
  const submission = parseWithZod(formData, { schema: documentFieldsSchema });
  if (submission.status !== "success") return formReply(`edit-${id}`, submission.reply(), 400);
  if (!(await updateDocument(user.id, id, inputOf(submission.value)))) notFound();
  return redirectWithFlash(back, { severity: "success", message: "cabinet:documents.flash_saved" });
}

type LoaderDocument = Route.ComponentProps["loaderData"]["documents"][number];
type Reply = FormReply["result"] | undefined;

export default function CabinetDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { documents, thresholds, max } = loaderData;
  const replyFor = (intent: string): Reply => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <section aria-labelledby="documents-title" className="documents">
      <h1 id="documents-title">{t("cabinet:documents.title")}</h1>
      <p className="panel__lead">{t("cabinet:documents.lead")}</p>
      <p className="notice">{t("cabinet:documents.privacy")}</p>
      {documents.length ? (
        <ul className="documents__list">
          {documents.map((document) => (
            <li key={document.id} className="panel documents__item">
              <DocumentRow document={document} lastResult={replyFor(`edit-${document.id}`)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t("cabinet:documents.empty")}</p>
      )}
      <section className="panel" aria-labelledby="document-add-title">
        <h2 id="document-add-title">{t("cabinet:documents.add_title")}</h2>
        {documents.length < max ? (
          // A new key once a document is added: the emptied form comes back (with JS the page is not reloaded).
          <DocumentForm
            key={documents.map((document) => document.id).join()}
            id="document-add"
            intent="add"
            lastResult={replyFor("add")}
            submit={t("cabinet:documents.add")}
          />
        ) : (
          <p>{t("cabinet:documents.errors.too_many", { max })}</p>
        )}
      </section>
      <ThresholdsForm thresholds={thresholds} lastResult={replyFor("thresholds")} />
    </section>
  );
}

function useDocumentName() {
  const { t } = useAccountT();
  return (document: { kind: LoaderDocument["kind"]; label: string | null }) =>
    document.kind === "other" && document.label ? document.label : t(`cabinet:documents.kinds.${document.kind}`);
}

function DaysLeft({ days }: { days: number }) {
  const { t } = useAccountT();
  if (days < 0) return <strong className="documents__expired">{t("cabinet:documents.expired", { count: -days })}</strong>;
  if (days === 0) return <strong>{t("cabinet:documents.today")}</strong>;
  return <span>{t("cabinet:documents.days_left", { count: days })}</span>;
}

function DocumentRow({ document, lastResult }: { document: LoaderDocument; lastResult: Reply }) {
  const { t } = useAccountT();
  const name = useDocumentName();
  const titleId = `document-${document.id}`;
  return (
    <article aria-labelledby={titleId}>
      <h2 id={titleId} className="documents__name">
        {name(document)}
      </h2>
      <p>
        {t("cabinet:documents.expires", { date: document.dateText })} · <DaysLeft days={document.daysLeft} />
      </p>
      {document.note ? <p className="field__hint documents__note">{document.note}</p> : null}
      <details className="documents__edit" open={lastResult ? true : undefined}>
        <summary>{t("cabinet:documents.edit")}</summary>
        <DocumentForm
          key={[document.kind, document.label, document.expiresOn, document.note].join("|")}
          id={`document-edit-${document.id}`}
          intent="edit"
          documentId={document.id}
          defaults={{ kind: document.kind, label: document.label ?? "", expires_on: document.dateInput, note: document.note ?? "" }}
          lastResult={lastResult}
          submit={t("cabinet:documents.save")}
        />
      </details>
      <IntentButton intent="delete" fields={{ id: document.id }} buttonClassName="button button--secondary" ariaDescribedBy={titleId}>
        {t("cabinet:documents.delete")}
      </IntentButton>
    </article>
  );
}

function DocumentForm({
  id,
  intent,
  documentId,
  defaults,
  lastResult,
  submit,
}: {
  id: string;
  intent: "add" | "edit";
  documentId?: number;
  defaults?: { kind: string; label: string; expires_on: string; note: string };
  lastResult: Reply;
  submit: string;
}) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(documentFieldsSchema, { id, lastResult, defaultValue: defaults, validateOn: "submit" });
  const kinds = USER_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`cabinet:documents.kinds.${kind}`) }));
  return (
    <IntentForm intent={intent} form={form} {...getFormProps(form)}>
      {documentId ? <input type="hidden" name="id" value={documentId} /> : null}
      <SelectField field={fields.kind} label={t("cabinet:documents.kind")} options={kinds} empty={t("cabinet:documents.choose")} />
      <InputField
        field={fields.label}
        label={t("cabinet:documents.label")}
        hint={t("cabinet:documents.label_hint", { max: DOCUMENT_LABEL_MAX })}
      />
      <InputField field={fields.expires_on} label={t("cabinet:documents.expires_on")} hint={t("cabinet:documents.date_hint")} />
      <TextAreaField field={fields.note} label={t("cabinet:documents.note")} hint={t("cabinet:documents.note_hint")} rows={2} />
      <SubmitRow>{submit}</SubmitRow>
    </IntentForm>
  );
}

function ThresholdsForm({ thresholds, lastResult }: { thresholds: readonly number[]; lastResult: Reply }) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(thresholdsSchema, {
    id: "document-thresholds",
    lastResult,
    defaultValue: { days: thresholds.map(String) },
    validateOn: "submit",
  });
  return (
    <section className="panel" aria-labelledby="document-thresholds-title">
      <h2 id="document-thresholds-title">{t("cabinet:documents.thresholds_title")}</h2>
      <p className="panel__lead">{t("cabinet:documents.thresholds_lead")}</p>
      <IntentForm intent="thresholds" form={form} {...getFormProps(form)}>
        <fieldset className="documents__thresholds" aria-describedby={fields.days.errors?.length ? fields.days.errorId : undefined}>
          <legend>{t("cabinet:documents.thresholds_legend")}</legend>
          {REMINDER_THRESHOLDS.map((days) => (
            <CheckboxField
              key={days}
              field={{
                id: `${fields.days.id}-${days}`,
                name: fields.days.name,
                formId: fields.days.formId,
                errorId: fields.days.errorId,
                initialValue: fields.days.initialValue,
              }}
              label={t("cabinet:documents.threshold", { count: days })}
              value={String(days)}
            />
          ))}
          <FieldErrors id={fields.days.errorId} errors={fields.days.errors} />
        </fieldset>
        <SubmitRow>{t("cabinet:documents.thresholds_save")}</SubmitRow>
      </IntentForm>
    </section>
  );
}
