import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FormDefaults, FormOptions, ImagePreview } from "#app/modules/staff-content/form-data.server.ts";
import { contentFormSchema } from "#app/modules/staff-content/form-schema.ts";
import { contentSpec, type ContentSpec, type ContentTable, type ContentType, type FieldSpec } from "#app/modules/staff-content/types.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import type { AnyField } from "#app/components/forms/field.tsx";
import { CheckboxField, InputField, SelectField, TextAreaField } from "#app/components/forms/fields.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { GalleryField, ImageField } from "./image-field.tsx";
import { PointFields } from "./point-fields.tsx";
import { RecurrenceFieldset } from "./recurrence-fieldset.tsx";
import { RichTextField } from "./rich-text-field.tsx";
import { TagsField } from "./tags-field.tsx";
import { SocialLinksFieldset } from "./social-links-fieldset.tsx";
import { tKey, useAdminT, type AdminT } from "./use-admin-t.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

// One form for every content type, laid out from the type's description: its groups in
// order, Ukrainian and English fields side by side.

type Conflict = { version: number; updatedAt: string; latestPath: string };

type Props = {
  type: ContentType;
  defaults: FormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  options: FormOptions;
  images: Record<number, ImagePreview>;
  conflict?: Conflict | null;
  submitLabel: string;
  /** A narrower description of the type (a user's submission form); the type's own by default. */
  spec?: ContentSpec;
  /** Fields of the page's own before the submit button (a honeypot). */
  children?: ReactNode;
};

/** Fields with an explanation under their label. */
const HINTS = new Set([
  "slug",
  "published_at",
  "expires_at",
  "position",
  "rejection_reason",
  "starts_at",
  "summary",
  "seo_title",
  "seo_description",
]);

export function ContentForm({
  type,
  defaults,
  lastResult,
  options,
  images,
  conflict,
  submitLabel,
  spec = contentSpec(type) as ContentSpec,
  children,
}: Props) {
  const { t } = useAdminT();
  const schema = contentFormSchema(spec);
  const [form, fields] = useConformForm(schema, { id: `content-${type}`, lastResult, defaultValue: defaults as never });
  const field = (name: string) => fields[name] as AnyField;
  const render = (spec: FieldSpec<ContentTable>) => (
    <FieldView key={spec.name} spec={spec} field={field} t={t} options={options} images={images} type={type} />
  );
  const { key: versionKey, ...version } = getInputProps(field("version"), { type: "hidden" });
  return (
    <Form method="post" encType="multipart/form-data" className="dash-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <input key={versionKey} {...version} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {conflict ? <ConflictNotice conflict={conflict} /> : null}
      {spec.groups.map((group) => (
        <fieldset key={group.id} className={`dash-group dash-group--${group.id}`}>
          <legend>{tKey(t, `admin:groups.${group.id}`)}</legend>
          {group.fields.map((fieldSpec) => render(fieldSpec as FieldSpec<ContentTable>))}
        </fieldset>
      ))}
      {children}
      <SubmitRow>{submitLabel}</SubmitRow>
    </Form>
  );
}

function ConflictNotice({ conflict }: { conflict: Conflict }) {
  const { t } = useAdminT();
  return (
    <div className="notice notice--warn dash-conflict">
      <p>{t("admin:conflict.message", { time: conflict.updatedAt })}</p>
      <p>
        <a href={conflict.latestPath} target="_blank" rel="noopener">
          {t("admin:conflict.open_latest")}
        </a>
      </p>
      <div className="field field--checkbox">
        <input type="checkbox" id="force-version" name="force_version" value={conflict.version} />
        <label htmlFor="force-version">{t("admin:conflict.overwrite")}</label>
      </div>
    </div>
  );
}

type FieldViewProps = {
  spec: FieldSpec<ContentTable>;
  field: (name: string) => AnyField;
  t: AdminT;
  options: FormOptions;
  images: Record<number, ImagePreview>;
  type: ContentType;
};

function FieldView({ spec, field, t, options, images, type }: FieldViewProps) {
  const label = tKey(t, `admin:fields.${spec.name}`);
  const hint = HINTS.has(spec.name)
    ? tKey(t, `admin:hints.${type === "reklama" && (spec.name as string) === "starts_at" ? "starts_at_now" : spec.name}`)
    : undefined;
  switch (spec.kind) {
    case "text":
    case "textarea":
    case "richtext":
    case "url":
    case "email":
    case "tel": {
      if (spec.bilingual) {
        return (
          <div className="dash-bilingual">
            {(["uk", "en"] as const).map((language) => {
              const name = `${spec.name}_${language}`;
              const languageLabel = t("admin:form.in_language", { field: label, language: tKey(t, `admin:form.language_${language}`) });
              if (spec.kind === "richtext") return <RichTextField key={name} field={field(name)} label={languageLabel} lang={language} />;
              if (spec.kind === "textarea")
                return <TextAreaField key={name} field={field(name)} label={languageLabel} hint={hint} lang={language} rows={3} />;
              return <InputField key={name} field={field(name)} label={languageLabel} hint={hint} lang={language} />;
            })}
          </div>
        );
      }
      if (spec.kind === "textarea")
        return <TextAreaField field={field(spec.name)} label={label} hint={hint} rows={(spec.name as string) === "description" ? 10 : 3} />;
      if (spec.kind === "richtext") return <RichTextField field={field(spec.name)} label={label} lang="uk" />;
      return <InputField field={field(spec.name)} label={label} hint={hint} type={spec.kind} autoComplete="off" />;
    }
    case "datetime":
      // A text field in the page's format: a native datetime-local one shows the browser's format instead.
      return (
        <InputField
          field={field(spec.name)}
          label={label}
          hint={[hint, t("admin:form.datetime_hint")].filter(Boolean).join(" ")}
          placeholder={t("admin:form.datetime_placeholder")}
          autoComplete="off"
        />
      );
    case "number":
      return <InputField field={field(spec.name)} label={label} hint={hint} type="number" />;
    case "checkbox":
      return <CheckboxField field={field(spec.name)} label={label} />;
    case "select":
      return (
        <SelectField
          field={field(spec.name)}
          label={label}
          empty={spec.required ? undefined : t("admin:form.none")}
          options={spec.options.map((value) => ({ value, label: tKey(t, `admin:options.${spec.name}.${value}`) }))}
        />
      );
    case "status":
      return (
        <SelectField
          field={field("status")}
          label={label}
          options={(contentSpec(type) as ContentSpec).statuses.map((value) => ({ value, label: tKey(t, `admin:status.${value}`) }))}
        />
      );
    case "category":
    case "location": {
      const choices = spec.kind === "category" ? options.categories : options.locations;
      return (
        <SelectField
          field={field(spec.name)}
          label={label}
          empty={spec.kind === "category" && spec.required ? t("admin:form.choose") : t("admin:form.none")}
          options={choices.map((choice) => ({ value: String(choice.id), label: choice.label, depth: choice.depth }))}
        />
      );
    }
    case "point":
      return <PointFields field={field} cityFallback />;
    case "recurrence":
      return <RecurrenceFieldset field={field} />;
    case "image":
      return (
        <ImageField
          field={field(spec.name)}
          file={field(`${spec.name}_file`)}
          remove={field(`${spec.name}_remove`)}
          label={label}
          images={images}
        />
      );
    case "gallery":
      return (
        <GalleryField
          ids={field("image_ids")}
          remove={field("remove_image_ids")}
          file={field("images_file")}
          label={label}
          images={images}
        />
      );
    case "tags":
      return <TagsField ids={field("tag_ids")} names={field("new_tags")} tags={options.tags} />;
    case "social":
      return <SocialLinksFieldset legend={label} field={field} />;
    case "slug": {
      const spec = contentSpec(type) as ContentSpec;
      const title = field(spec.title.uk).value;
      const suggestion = typeof title === "string" && title.trim() ? slugify(title) : "";
      return <InputField field={field("slug")} label={label} hint={hint} placeholder={suggestion || undefined} />;
    }
  }
}
