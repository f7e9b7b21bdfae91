import { imagePreviews, type ImagePreview } from "./form-data.server.ts";
import { allFields, type ContentSpec } from "./types.ts";
import { parseIds } from "#app/platform/http/ids.ts";

/** Previews of every image a posted form refers to (kept uploads included), to show it again. */
export async function postedImagePreviews(spec: ContentSpec, formData: FormData): Promise<Record<number, ImagePreview>> {
  const ids: number[] = [];
  for (const field of allFields(spec)) {
    if (field.kind === "image") ids.push(...parseIds([formData.get(field.name)]));
    if (field.kind === "gallery") ids.push(...parseIds(formData.getAll("image_ids")));
  }
  return imagePreviews(ids);
}

/** Previews of the images a stored item holds. */
export async function itemImagePreviews(
  spec: ContentSpec,
  row: Record<string, unknown>,
  galleryIds: number[],
): Promise<Record<number, ImagePreview>> {
  const ids = allFields(spec).flatMap((field) => (field.kind === "image" ? [row[field.name] as number | null] : []));
  return imagePreviews([...ids, ...galleryIds]);
}
