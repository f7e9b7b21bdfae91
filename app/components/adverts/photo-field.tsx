import { ImagePlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { FilePicker } from "#app/components/forms/file-picker.tsx";
import type { PhotoPreview } from "#app/modules/adverts/photos.server.ts";
import { useAdvertsT } from "./use-adverts-t.ts";
import { useMessage } from "./use-message.ts";

const ACCEPT = "image/jpeg,image/png,image/webp";
const ACCEPTED_TYPES = new Set(ACCEPT.split(","));

type Item = { kind: "stored"; id: number; src: string } | { kind: "new"; key: string; file: File; url: string };

/**
 * The advert's photos. Stored photos (already uploaded, kept across failed submits) travel
 * as hidden `photos` ids, each with a "remove" checkbox; new files go in the `newPhotos`
 * input. Without JS that is all. With JS, chosen files are checked (type, size, count),
 * previewed, removable and, with the stored ones, reorderable; `photoOrder` tells the
 * server the order.
 */
export function PhotoField({
  photos,
  limits: { maxPhotos, maxPhotoBytes },
  errors,
  removeField,
}: {
  photos: PhotoPreview[];
  /** The site's settings: how many photos an advert may have, and how large each. */
  limits: { maxPhotos: number; maxPhotoBytes: number };
  errors: string[] | undefined;
  removeField: { initialValue?: unknown };
}) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [items, setItems] = useState<Item[]>(() => photos.map((photo) => ({ kind: "stored", id: photo.id, src: photo.src })));
  const initiallyRemoved = useMemo(() => {
    const value = removeField.initialValue as string | string[] | undefined;
    return new Set((Array.isArray(value) ? value : value ? [value] : []).map(Number));
  }, [removeField.initialValue]);
  const [removed, setRemoved] = useState<Set<number>>(initiallyRemoved);
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  const maxMb = Math.round(maxPhotoBytes / 1024 / 1024);

  useEffect(() => setHydrated(true), []);
  // Each answer of the server brings a new `photos` list, and it is the truth: sent files are
  // stored photos now, or were refused. (Callers pass a stable list between answers.)
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setItems((current) => {
      for (const item of current) if (item.kind === "new") URL.revokeObjectURL(item.url);
      return photos.map((photo) => ({ kind: "stored", id: photo.id, src: photo.src }));
    });
    setRemoved(initiallyRemoved);
    setClientErrors([]);
    if (input.current) input.current.value = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photos]);

  const syncInput = (next: Item[]) => {
    if (!input.current || typeof DataTransfer === "undefined") return;
    const transfer = new DataTransfer();
    for (const item of next) if (item.kind === "new") transfer.items.add(item.file);
    input.current.files = transfer.files;
  };
  const update = (next: Item[]) => {
    setItems(next);
    syncInput(next);
  };

  const choose = (files: File[]) => {
    const chosen = files.filter((file) => !items.some((item) => item.kind === "new" && item.file === file));
    const problems: string[] = [];
    const next = [...items];
    let count = next.filter((item) => item.kind === "new" || !removed.has(item.id)).length;
    for (const file of chosen) {
      const values = JSON.stringify({ name: file.name, max: file.size > maxPhotoBytes ? maxMb : maxPhotos });
      if (!ACCEPTED_TYPES.has(file.type)) problems.push(`adverts:errors.photo_client_type|${values}`);
      else if (file.size > maxPhotoBytes) problems.push(`adverts:errors.photo_client_too_large|${values}`);
      else if (count >= maxPhotos) problems.push(`adverts:errors.photo_too_many|${values}`);
      else {
        next.push({
          kind: "new",
          key: `${file.name}-${file.size}-${file.lastModified}-${next.length}`,
          file,
          url: URL.createObjectURL(file),
        });
        count++;
      }
    }
    setClientErrors(problems);
    update(next);
  };
  const onChoose = (event: React.ChangeEvent<HTMLInputElement>) => choose(Array.from(event.currentTarget.files ?? []));
  // Files chosen before the form hydrated (on a page that loads it later, deferred.tsx) are in
  // the input already: they are checked and previewed as if chosen now.
  useEffect(() => {
    if (input.current?.files?.length) choose(Array.from(input.current.files));
    // Once, when the field hydrates.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    update(next);
  };
  const dropNew = (index: number) => {
    const item = items[index];
    if (item?.kind === "new") URL.revokeObjectURL(item.url);
    update(items.filter((_, i) => i !== index));
  };
  const toggleRemoved = (id: number, checked: boolean) => {
    setRemoved((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  let newIndex = 0;
  const order = items.map((item) => (item.kind === "stored" ? `s${item.id}` : `n${newIndex++}`)).join(",");
  const kept = items.filter((item) => item.kind === "new" || !removed.has(item.id)).length;
  const allErrors = [...(errors ?? []), ...clientErrors];
  const hintId = "photos-hint";
  const errorId = "photos-error";

  return (
    <fieldset className="field photo-field">
      <legend>{t("form.photos_heading")}</legend>
      <p id={hintId} className="field__hint">
        {t("form.photos_hint", { max: maxPhotos, size: maxMb })} {t("form.photos_count", { count: kept, max: maxPhotos })}
      </p>
      <input type="hidden" name="photoOrder" value={order} />
      {items.length ? (
        <ol className="photo-field__list">
          {items.map((item, index) => {
            const n = index + 1;
            return (
              <li key={item.kind === "stored" ? `s${item.id}` : item.key} className="photo-field__item">
                <img
                  src={item.kind === "stored" ? item.src : item.url}
                  alt={item.kind === "stored" ? t("form.photo_alt", { n }) : t("form.new_photo_alt", { name: item.file.name })}
                  width={160}
                  height={120}
                />
                {index === 0 ? <span className="photo-field__cover">{t("form.cover")}</span> : null}
                {item.kind === "stored" ? (
                  <>
                    <input type="hidden" name="photos" value={item.id} />
                    <label className="photo-field__remove">
                      <input
                        type="checkbox"
                        name="removePhotos"
                        value={item.id}
                        checked={removed.has(item.id)}
                        onChange={(event) => toggleRemoved(item.id, event.currentTarget.checked)}
                      />
                      {t("form.remove_photo")}
                    </label>
                  </>
                ) : (
                  <>
                    <span className="field__hint">{t("form.new_photo_note")}</span>
                    <button type="button" className="button button--secondary" onClick={() => dropNew(index)}>
                      {t("form.remove_photo")}
                    </button>
                  </>
                )}
                {hydrated && items.length > 1 ? (
                  <span className="photo-field__move">
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      aria-label={t("form.move_earlier", { n })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => move(index, 1)}
                      disabled={index === items.length - 1}
                      aria-label={t("form.move_later", { n })}
                    >
                      ↓
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <FilePicker
        inputRef={input}
        id="newPhotos"
        name="newPhotos"
        accept={ACCEPT}
        multiple
        label={
          <>
            <ImagePlus aria-hidden="true" size={18} />
            {t("form.add_photos")}
          </>
        }
        chosen={hydrated ? items.flatMap((item) => (item.kind === "new" ? [item.file.name] : [])) : undefined}
        noneText={t("form.no_new_photos")}
        onChange={hydrated ? onChoose : undefined}
        aria-describedby={[hintId, allErrors.length ? errorId : null].filter(Boolean).join(" ")}
        aria-invalid={allErrors.length ? true : undefined}
      />
      {allErrors.length ? (
        <div id={errorId} className="field__error" role="alert">
          {allErrors.map((error) => (
            <p key={error}>{message(error)}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
