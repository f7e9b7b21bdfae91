import { getInputProps } from "@conform-to/react";
import { imageSrcSet, imageUrlFor } from "#app/platform/images/urls.ts";
import type { ImagePreview } from "#app/modules/staff-content/form-data.server.ts";
import { Field, type AnyField } from "#app/components/forms/field.tsx";
import { CheckboxField } from "#app/components/forms/fields.tsx";
import { useAdminT } from "./use-admin-t.ts";

const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** What both image inputs take besides the ids they keep: the file input, the remove box(es), and the previews by id. */
type ImageInputProps = { file: AnyField; remove: AnyField; label: string; images: Record<number, ImagePreview> };

/**
 * One image of an item (cover, logo): the current one shown, a file to replace it, a box to
 * remove it. The current image is a hidden id, so a form returned with errors keeps an
 * image uploaded with it.
 */
export function ImageField({ field, file, remove, label, images }: ImageInputProps & { field: AnyField }) {
  const { t } = useAdminT();
  const currentId = Number(field.value);
  const current = Number.isFinite(currentId) ? images[currentId] : undefined;
  const { key, ...hidden } = getInputProps(field, { type: "hidden" });
  return (
    <fieldset className="dash-image">
      <legend>{label}</legend>
      <input key={key} {...hidden} />
      {current ? (
        <div className="dash-image__current">
          <img
            src={imageUrlFor(current, 320)}
            srcSet={imageSrcSet(current.key, current.variants)}
            sizes="12rem"
            alt={current.alt ?? ""}
            width={192}
          />
          <CheckboxField field={remove} label={t("admin:image.remove")} />
        </div>
      ) : (
        <p className="field__hint">{t("admin:image.none")}</p>
      )}
      <Field field={file} label={current ? t("admin:image.replace") : t("admin:image.upload")} hint={t("admin:image.hint")}>
        {(control) => <input {...control} name={file.name} type="file" accept={IMAGE_ACCEPT} />}
      </Field>
    </fieldset>
  );
}

/** Advert photos: the current ones with a remove box each, and files to add. */
export function GalleryField({ ids, remove, file, label, images }: ImageInputProps & { ids: AnyField }) {
  const { t } = useAdminT();
  const values = ([] as unknown[])
    .concat(ids.value ?? [])
    .map(Number)
    .filter((id) => images[id]);
  const removed = new Set(([] as unknown[]).concat(remove.value ?? []).map(Number));
  return (
    <fieldset className="dash-image">
      <legend>{label}</legend>
      {values.length ? (
        <ul className="dash-gallery">
          {values.map((id) => {
            const image = images[id]!;
            return (
              <li key={id}>
                <input type="hidden" name={ids.name} value={id} />
                <img src={imageUrlFor(image, 320)} alt={image.alt ?? ""} width={160} />
                <label>
                  <input type="checkbox" name={remove.name} value={id} defaultChecked={removed.has(id)} /> {t("admin:image.remove")}
                </label>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="field__hint">{t("admin:image.none")}</p>
      )}
      <Field field={file} label={t("admin:image.add_photos")} hint={t("admin:image.hint")}>
        {(control) => <input {...control} name={file.name} type="file" multiple accept={IMAGE_ACCEPT} />}
      </Field>
    </fieldset>
  );
}
