import type { Choice } from "#app/modules/staff-content/form-data.server.ts";
import { Field, type AnyField } from "#app/components/forms/field.tsx";
import { useAdminT } from "./use-admin-t.ts";

/** Tags: tick existing ones, or type new ones (comma separated), created when saved. */
export function TagsField({ ids, names, tags }: { ids: AnyField; names: AnyField; tags: Choice[] }) {
  const { t } = useAdminT();
  const checked = new Set(([] as unknown[]).concat(ids.value ?? []).map(String));
  return (
    <fieldset className="dash-tags">
      <legend>{t("admin:fields.tags")}</legend>
      {tags.length ? (
        <ul className="dash-tags__list">
          {tags.map((tag) => (
            <li key={tag.id}>
              <label>
                <input type="checkbox" name={ids.name} value={tag.id} defaultChecked={checked.has(String(tag.id))} /> {tag.label}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <Field field={names} label={t("admin:tags.new_tags")} hint={t("admin:tags.new_tags_hint")}>
        {(control) => (
          <input
            {...control}
            name={names.name}
            type="text"
            defaultValue={typeof names.initialValue === "string" ? names.initialValue : ""}
            autoComplete="off"
          />
        )}
      </Field>
    </fieldset>
  );
}
