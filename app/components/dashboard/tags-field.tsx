import type { Choice } from "~/modules/staff-content/form-data.server";
import type { AnyField } from "./form-fields";
import { FieldMessages } from "./messages";
import { useAdminT } from "./use-admin-t";

/** Tags: tick existing ones, or type new ones (comma separated), created when saved. */
export function TagsField({ ids, names, tags }: { ids: AnyField; names: AnyField; tags: Choice[] }) {
  const { t } = useAdminT();
  const checked = new Set(([] as unknown[]).concat(ids.value ?? []).map(String));
  const hintId = `${names.id}-hint`;
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
      <div className="field">
        <label htmlFor={names.id}>{t("admin:tags.new_tags")}</label>
        <p id={hintId} className="field__hint">
          {t("admin:tags.new_tags_hint")}
        </p>
        <input
          id={names.id}
          name={names.name}
          type="text"
          defaultValue={typeof names.initialValue === "string" ? names.initialValue : ""}
          aria-describedby={names.errors?.length ? `${hintId} ${names.errorId}` : hintId}
          aria-invalid={names.errors?.length ? true : undefined}
          autoComplete="off"
        />
        <FieldMessages id={names.errorId} errors={names.errors} />
      </div>
    </fieldset>
  );
}
