import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";
import type { Choice } from "#app/modules/staff-content/form-data.server.ts";
import { categorySchema, locationSchema, termSchema } from "#app/modules/taxonomy/schemas.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import type { AnyField } from "#app/components/forms/field.tsx";
import { InputField, SelectField } from "#app/components/forms/fields.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { useAdminT } from "./use-admin-t.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { PointFields } from "./point-fields.tsx";

/** The answer of a taxonomy action: which form it is for, and conform's result. */
type TermReply = { formId: string; result: SubmissionResult<string[]> };

type Props = {
  formId: string;
  intent: string;
  id?: number;
  defaults?: {
    name_uk?: string;
    name_en?: string | null;
    slug?: string;
    parent_id?: number | null;
    latitude?: number | null;
    longitude?: number | null;
  };
  reply?: TermReply | null;
  /** Category editors: the possible parents. */
  parents?: Choice[];
  submitLabel: string;
  compact?: boolean;
  /** Locations: a point (latitude, longitude) too. */
  point?: boolean;
};

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? undefined : String(value));

/** Name (uk, en) and slug of a category, tag or location; categories also pick a parent, locations have a point. */
export function TermForm({ formId, intent, id, defaults, reply, parents, submitLabel, compact = false, point = false }: Props) {
  const { t } = useAdminT();
  // Any of the schemas: typed as the widest so the parent default fits all.
  const schema: ZodType = parents ? categorySchema : point ? locationSchema : termSchema;
  const [form, fields] = useConformForm(schema, {
    id: formId,
    lastResult: reply?.formId === formId ? reply.result : undefined,
    defaultValue: {
      name_uk: defaults?.name_uk,
      name_en: defaults?.name_en ?? undefined,
      slug: defaults?.slug,
      parent_id: defaults?.parent_id ? String(defaults.parent_id) : undefined,
      latitude: numberText(defaults?.latitude),
      longitude: numberText(defaults?.longitude),
    },
  });
  const field = (name: string) => fields[name] as AnyField;
  return (
    <Form method="post" className={compact ? "dash-term-form dash-term-form--compact" : "dash-term-form"} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="dash-bilingual">
        <InputField
          field={field("name_uk")}
          label={t("admin:form.in_language", { field: t("admin:fields.name"), language: t("admin:form.language_uk") })}
          lang="uk"
        />
        <InputField
          field={field("name_en")}
          label={t("admin:form.in_language", { field: t("admin:fields.name"), language: t("admin:form.language_en") })}
          lang="en"
        />
      </div>
      <InputField field={field("slug")} label={t("admin:fields.slug")} hint={t("admin:hints.term_slug")} />
      {point ? <PointFields field={field} /> : null}
      {parents ? (
        <SelectField
          field={field("parent_id")}
          label={t("admin:categories.parent")}
          empty={t("admin:categories.no_parent")}
          options={parents
            .filter((parent) => parent.id !== id)
            .map((parent) => ({ value: String(parent.id), label: parent.label, depth: parent.depth }))}
        />
      ) : null}
      <SubmitRow>{submitLabel}</SubmitRow>
    </Form>
  );
}

type TermRow = {
  id: number;
  slug: string;
  name_uk: string;
  name_en: string | null;
  uses: number;
  latitude?: number | null;
  longitude?: number | null;
};

/** A tag or location in its editor's list: names, slug and uses, opening to its rename form (and `children`). */
export function TermDetails({
  formPrefix,
  term,
  note,
  reply,
  children,
  point,
}: {
  formPrefix: string;
  term: TermRow;
  note?: string;
  reply?: TermReply | null;
  children?: ReactNode;
  point?: boolean;
}) {
  const { t } = useAdminT();
  return (
    <details>
      <summary>
        <strong>{term.name_uk}</strong>
        {term.name_en ? <span lang="en"> / {term.name_en}</span> : null}{" "}
        <span className="dash-table__sub">
          /{term.slug} · {t("admin:tags.uses", { count: term.uses })}
          {note}
        </span>
      </summary>
      <TermForm
        formId={`${formPrefix}-${term.id}`}
        intent="rename"
        id={term.id}
        defaults={term}
        reply={reply}
        submitLabel={t("admin:form.save")}
        compact
        point={point}
      />
      {children}
    </details>
  );
}

/** The panel under a taxonomy list that adds one more term (`formPrefix`-new); categories also pass `parents`. */
export function NewTermPanel({
  formPrefix,
  title,
  reply,
  parents,
  point,
}: {
  formPrefix: string;
  title: string;
  reply?: TermReply | null;
  parents?: Choice[];
  point?: boolean;
}) {
  const { t } = useAdminT();
  return (
    <section className="panel" aria-labelledby={`new-${formPrefix}`}>
      <h2 id={`new-${formPrefix}`}>{title}</h2>
      <TermForm
        formId={`${formPrefix}-new`}
        intent="create"
        reply={reply}
        parents={parents}
        point={point}
        submitLabel={t("admin:form.create")}
      />
    </section>
  );
}
