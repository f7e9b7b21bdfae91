import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ADVERT_FIELD_KINDS, type AdvertFieldKind, type AdvertFieldOption } from "#db/schema.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { CheckboxField, InputField, SelectField, TextAreaField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { fieldDefinitionSchema, optionLines } from "./schema.ts";
import { RowAction } from "#app/components/dashboard/row-action.tsx";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";

// An advert category's own fields on its edit page: each one opens to its form and its
// actions (up, down, remove or restore); a panel below adds one. Every action is a form post.

/** The answer of a field action with errors: which form, and conform's result. */
export type FieldEditorReply = { formId: string; result: SubmissionResult<string[]> };

export type EditorField = {
  id: number;
  key: string;
  kind: AdvertFieldKind;
  label_uk: string;
  label_en: string | null;
  unit_uk: string | null;
  unit_en: string | null;
  options: AdvertFieldOption[];
  required: boolean;
  removed_at: Date | string | null;
  values: number;
};

/** The editor's words (`fields:editor`), with the dashboard's shared ones by prefix. */
function useEditorT() {
  return useTranslation(["fields", "admin", "common"], { lng: usePageLanguage() });
}

/** A stored field as its form's values: the texts it lacks as empty fields, its options one a line. */
function definitionValues({ key, kind, label_uk, label_en, unit_uk, unit_en, options, required }: EditorField) {
  return {
    key,
    kind,
    label_uk,
    label_en: label_en ?? undefined,
    unit_uk: unit_uk ?? undefined,
    unit_en: unit_en ?? undefined,
    options: optionLines(options),
    required: required ? "on" : undefined,
  };
}

function FieldDefinitionForm({ field, reply }: { field?: EditorField; reply?: FieldEditorReply | null }) {
  const { t } = useEditorT();
  const formId = field ? `field-${field.id}` : "field-new";
  const [form, fields] = useConformForm(fieldDefinitionSchema, {
    id: formId,
    lastResult: reply?.formId === formId ? reply.result : undefined,
    validateOn: "submit",
    defaultValue: field ? definitionValues(field) : { kind: "number" },
  });
  const inLanguage = (label: string, language: "uk" | "en") =>
    t("admin:form.in_language", { field: label, language: t(`admin:form.language_${language}`) });
  return (
    <Form method="post" className="dash-term-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={field ? "field-update" : "field-create"} />
      {field ? <input type="hidden" name="id" value={field.id} /> : null}
      {field ? <input type="hidden" name="key" value={field.key} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {field ? null : <InputField field={fields.key} label={t("editor.key")} hint={t("editor.key_hint")} />}
      <SelectField
        field={fields.kind}
        label={t("editor.kind")}
        options={ADVERT_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`editor.kinds.${kind}`) }))}
      />
      <div className="dash-bilingual">
        <InputField field={fields.label_uk} label={inLanguage(t("editor.label"), "uk")} lang="uk" />
        <InputField field={fields.label_en} label={inLanguage(t("editor.label"), "en")} lang="en" />
      </div>
      <div className="dash-bilingual">
        <InputField field={fields.unit_uk} label={inLanguage(t("editor.unit"), "uk")} hint={t("editor.unit_hint")} lang="uk" />
        <InputField field={fields.unit_en} label={inLanguage(t("editor.unit"), "en")} hint={t("editor.unit_hint")} lang="en" />
      </div>
      <TextAreaField field={fields.options} label={t("editor.options")} hint={t("editor.options_hint")} rows={4} />
      <CheckboxField field={fields.required} label={t("editor.required")} />
      <SubmitRow>{field ? t("editor.save") : t("editor.create")}</SubmitRow>
    </Form>
  );
}

export function CategoryFieldEditor({
  fields,
  inherited,
  reply,
}: {
  fields: EditorField[];
  inherited: string[];
  reply?: FieldEditorReply | null;
}) {
  const { t } = useEditorT();
  return (
    <section className="panel" aria-labelledby="category-fields">
      <h2 id="category-fields">{t("editor.heading")}</h2>
      <p className="panel__lead">{t("editor.lead")}</p>
      {inherited.length ? <p>{t("editor.inherited", { fields: inherited.join(", ") })}</p> : null}
      {fields.length ? (
        <ul className="dash-term-list">
          {fields.map((field) => {
            const name = field.label_uk;
            const open = reply?.formId === `field-${field.id}`;
            return (
              <li key={field.id} data-field={field.key}>
                <details open={open}>
                  <summary>
                    <strong>{field.label_uk}</strong>
                    {field.label_en ? <span lang="en"> / {field.label_en}</span> : null}{" "}
                    <span className="dash-table__sub">
                      {field.key} · {t(`editor.kinds.${field.kind}`)}
                      {field.required ? ` · ${t("editor.required")}` : ""} · {t("editor.values")}: {field.values} ·{" "}
                      {field.removed_at ? t("editor.removed") : t("editor.live")}
                    </span>
                  </summary>
                  <FieldDefinitionForm field={field} reply={reply} />
                </details>
                <div className="dash-row-actions">
                  <RowAction intent="field-up" id={field.id} label={t("admin:categories.up")} ariaLabel={t("editor.up_named", { name })} />
                  <RowAction
                    intent="field-down"
                    id={field.id}
                    label={t("admin:categories.down")}
                    ariaLabel={t("editor.down_named", { name })}
                  />
                  {field.removed_at ? (
                    <RowAction
                      intent="field-restore"
                      id={field.id}
                      label={t("editor.restore")}
                      ariaLabel={t("editor.restore_named", { name })}
                    />
                  ) : (
                    <RowAction
                      intent="field-remove"
                      id={field.id}
                      label={t("editor.remove")}
                      ariaLabel={t("editor.remove_named", { name })}
                      danger
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t("editor.empty")}</p>
      )}
      <h3>{t("editor.new")}</h3>
      <FieldDefinitionForm reply={reply} />
    </section>
  );
}
