import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pngDeclaring } from "../support/images.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageRejectedError, MAX_IMAGE_BYTES, imageFilePath, processImage, variantWidths } from "#app/platform/images/process.server.ts";
import { deleteImages, storeImage } from "#app/platform/images/store.server.ts";
import { imageSrcSet, imageUrl, imageUrlFor, pickVariant } from "#app/platform/images/urls.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase({ register: false });
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "portal-images-"));
});
afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } });
}

async function rejection(input: Buffer): Promise<string> {
  try {
    await processImage(input, { uploadsDir });
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.reason;
    throw error;
  }
  throw new Error("the image was accepted");
}

describe("processImage", () => {
  it("auto-rotates, strips EXIF (GPS included) and writes webp width variants", async () => {
    const input = await solid(2400, 1200)
      .jpeg()
      .withExif({
        IFD0: { Artist: "Secret Photographer" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "30/1 31/1 0/1" },
      })
      .withMetadata({ orientation: 6 }) // stored landscape, displayed portrait
      .toBuffer();
    expect((await sharp(input).metadata()).exif?.includes(Buffer.from("Secret Photographer"))).toBe(true);

    const result = await processImage(input, { uploadsDir });

    expect(result.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(result.variants).toEqual([320, 640, 1024, 1200]);
    expect({ width: result.width, height: result.height }).toEqual({ width: 1200, height: 2400 });
    for (const width of result.variants) {
      const file = imageFilePath(uploadsDir, result.key, width);
      expect(file).toBe(path.join(uploadsDir, "images", `${result.key}-${width}.webp`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width * 2);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("never upscales a small image", async () => {
    const result = await processImage(await solid(200, 100).png().toBuffer(), { uploadsDir });
    expect(result.variants).toEqual([200]);
    expect({ width: result.width, height: result.height }).toEqual({ width: 200, height: 100 });
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(700)).toEqual([320, 700]); // 640 would nearly duplicate 700
    expect(variantWidths(5000)).toEqual([320, 640, 1024, 1600]);
  });

  it("accepts WebP input", async () => {
    const result = await processImage(await solid(800, 600).webp().toBuffer(), { uploadsDir });
    expect(result.variants).toEqual([320, 640, 800]);
  });

  it("refuses files over 10 MB before decoding them", async () => {
    expect(await rejection(Buffer.alloc(MAX_IMAGE_BYTES + 1))).toBe("too_large");
  });

  it("refuses what is not an image, whatever it is called", async () => {
    expect(await rejection(Buffer.from("<html>not a picture</html>"))).toBe("not_an_image");
    expect(await rejection(Buffer.alloc(0))).toBe("not_an_image");
    const jpeg = await solid(100, 100).jpeg().toBuffer();
    expect(await rejection(jpeg.subarray(0, 40))).toBe("not_an_image");
  });

  it("refuses formats other than JPEG, PNG and WebP", async () => {
    expect(await rejection(await solid(50, 50).gif().toBuffer())).toBe("unsupported_format");
    expect(await rejection(await solid(50, 50).tiff().toBuffer())).toBe("unsupported_format");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(await rejection(svg)).toBe("unsupported_format");
  });

  it("refuses a decompression bomb (20000x20000) without decoding it", async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect(await rejection(bomb)).toBe("too_many_pixels");
  });
});

describe("storeImage and deleteImages", () => {
  it("inserts the images row, and deleting it removes the files", async () => {
    const owner = await t.db
      .insertInto("users")
      .values({ email: "images-owner@example.com", password_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const input = await solid(1000, 500).jpeg().toBuffer();
    const image = await storeImage(t.db, input, { uploadsDir, alt: "Зелений прямокутник", ownerId: owner.id });

    expect(image).toMatchObject({
      width: 1000,
      height: 500,
      variants: [320, 640, 1000],
      alt_uk: "Зелений прямокутник",
      alt_en: null,
      owner_id: owner.id,
    });
    expect(image.id).toBeTypeOf("number");
    expect(image.created_at).toBeInstanceOf(Date);
    const files = image.variants.map((width) => imageFilePath(uploadsDir, image.key, width));
    expect(files.every((file) => existsSync(file))).toBe(true);

    expect(await deleteImages(t.db, [image.id], uploadsDir)).toBe(1);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect(await t.db.selectFrom("images").where("id", "=", image.id).select("id").executeTakeFirst()).toBeUndefined();
    expect(await deleteImages(t.db, [], uploadsDir)).toBe(0);
  });

  it("rejects before writing anything or inserting a row", async () => {
    const before = await t.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(storeImage(t.db, Buffer.from("nope"), { uploadsDir })).rejects.toMatchObject({ reason: "not_an_image" });
    const after = await t.db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("image URLs", () => {
  it("builds /uploads/images paths and srcset values", () => {
    expect(imageUrl("2026/11/abc", 640)).toBe("/uploads/images/2026/11/abc-640.webp");
    expect(imageSrcSet("2026/11/abc", [640, 320])).toBe(
      "/uploads/images/2026/11/abc-320.webp 320w, /uploads/images/2026/11/abc-640.webp 640w",
    );
    expect(pickVariant([320, 640, 1024], 500)).toBe(640);
    expect(pickVariant([320, 640], 2000)).toBe(640);
    expect(imageUrlFor({ key: "k", variants: [320, 640] }, 100)).toBe("/uploads/images/k-320.webp");
  });
});
