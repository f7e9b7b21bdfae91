import { getDb } from "../db/db.server.ts";
import { readForm, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "../http/body.server.ts";
import { ImageRejectedError, MAX_IMAGE_BYTES } from "../images/process.server.ts";
import { storeImage } from "../images/store.server.ts";
import { allFields, type ContentSpec } from "./types.ts";

// Images posted with a content form are stored first, before the form is validated: the
// stored image's id replaces the file in the form data, so a form sent back with errors
// (or refused as a conflict) keeps the upload as a hidden id and loses nothing.

/**
 * The posted content form with its images, streamed with a cap per file and on the whole
 * body (whatever Content-Length claims): 413 beyond, 400 when it is not a form.
 */
export function readContentForm(request: Request): Promise<FormData> {
  return readForm(request, { maxBytes: UPLOAD_MAX_BYTES, maxFileBytes: MAX_IMAGE_BYTES, maxFiles: UPLOAD_MAX_FILES });
}

function isFile(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && "arrayBuffer" in value && value.size > 0;
}

/**
 * Stores the form's uploads; returns the errors of rejected files by field name.
 * `advertOwnerId`: whose advert the photos are (deleting that account deletes them); staff
 * images belong to the site (owner null): a person leaving must not take them along.
 */
export async function storeFormUploads(spec: ContentSpec, formData: FormData, advertOwnerId: number | null): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const alt = String(formData.get(spec.title.uk) ?? "").trim().slice(0, 200) || null;
  const store = async (file: File, field: string): Promise<number | null> => {
    try {
      const image = await storeImage(getDb(), new Uint8Array(await file.arrayBuffer()), {
        alt,
        ownerId: spec.gallery ? advertOwnerId : null,
      });
      return image.id;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      (errors[field] ??= []).push(`admin:errors.image_${error.reason}`);
      return null;
    }
  };
  for (const field of allFields(spec)) {
    if (field.kind === "image") {
      const file = formData.get(`${field.name}_file`);
      formData.delete(`${field.name}_file`);
      if (!isFile(file)) continue;
      const id = await store(file, `${field.name}_file`);
      if (id) {
        formData.set(field.name, String(id));
        formData.delete(`${field.name}_remove`);
      }
    }
    if (field.kind === "gallery") {
      const files = formData.getAll("images_file").filter(isFile);
      formData.delete("images_file");
      for (const file of files) {
        const id = await store(file, "images_file");
        if (id) formData.append("image_ids", String(id));
      }
    }
  }
  return errors;
}
