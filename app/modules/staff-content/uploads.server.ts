import { getDb } from "#app/platform/db/db.server.ts";
import {
  readUploadOutcome,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_TEXT_BYTES,
  type SpooledFile,
} from "#app/platform/http/body.server.ts";
import { acquireUploadSlot, UPLOAD_RETRY_AFTER_S } from "#app/platform/http/upload-slots.server.ts";
import { ImageRejectedError, MAX_IMAGE_BYTES } from "#app/platform/images/process.server.ts";
import { storeImage } from "#app/platform/images/store.server.ts";
import { allFields, type ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import { httpError } from "#app/platform/http/errors.ts";

// Images posted with a content form are stored first, before the form is validated: the
// stored image's id replaces the file in the form data, so a form sent back with errors
// (or refused as a conflict) keeps the upload as a hidden id and loses nothing.

/** A posted content form: its text fields, its images spooled to temporary files, and `done` to call at the end. */
export type ContentPost = { form: FormData; files: SpooledFile[]; done: () => Promise<void> };

/**
 * The posted content form with its images streamed to temporary files, with a cap per file
 * and on the whole body (whatever Content-Length claims): 413 beyond, 400 when it is not a
 * form. It takes one of the upload turns (http/upload-slots.server.ts), 503 with Retry-After
 * when none comes free; `done` ends the turn and deletes the files.
 */
export async function readContentForm(request: Request, actorId: number): Promise<ContentPost> {
  const release = await acquireUploadSlot(`user:${actorId}`);
  if (!release) httpError(503, { "Retry-After": String(UPLOAD_RETRY_AFTER_S) });
  try {
    const body = await readUploadOutcome(request, {
      maxBytes: UPLOAD_MAX_BYTES,
      maxFileBytes: MAX_IMAGE_BYTES,
      maxFiles: UPLOAD_MAX_FILES,
      maxTextBytes: UPLOAD_MAX_TEXT_BYTES,
      urlencoded: true,
    });
    if (!body.ok) httpError(body.status);
    return {
      form: body.form,
      files: body.files,
      done: async () => {
        await body.dispose();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Stores the form's uploads; returns the errors of rejected files by field name.
 * `advertOwnerId`: whose advert the photos are (deleting that account deletes them); staff
 * images belong to the site (owner null): a person leaving must not take them along.
 */
export async function storeFormUploads(
  spec: ContentSpec,
  formData: FormData,
  files: readonly SpooledFile[],
  advertOwnerId: number | null,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const alt =
    String(formData.get(spec.title.uk) ?? "")
      .trim()
      .slice(0, 200) || null;
  const store = async (file: SpooledFile, field: string): Promise<number | null> => {
    if (file.path === null) {
      (errors[field] ??= []).push("admin:errors.image_too_large");
      return null;
    }
    try {
      const image = await storeImage(
        getDb(),
        { path: file.path },
        {
          alt,
          ownerId: lifecycleOf(spec).ownedByUser ? advertOwnerId : null,
        },
      );
      return image.id;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      (errors[field] ??= []).push(`admin:errors.image_${error.reason}`);
      return null;
    }
  };
  for (const field of allFields(spec)) {
    if (field.kind === "image") {
      const file = files.find((posted) => posted.field === `${field.name}_file` && posted.size > 0);
      if (!file) continue;
      const id = await store(file, `${field.name}_file`);
      if (id) {
        formData.set(field.name, String(id));
        formData.delete(`${field.name}_remove`);
      }
    }
    if (field.kind === "gallery") {
      for (const file of files.filter((posted) => posted.field === "images_file" && posted.size > 0)) {
        const id = await store(file, "images_file");
        if (id) formData.append("image_ids", String(id));
      }
    }
  }
  return errors;
}
