import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { imageObjectName, processImage, type ProcessedImage } from "#app/platform/images/process.server.ts";
import type { ImageStore } from "#app/platform/images/storage.server.ts";
import type { SeedContext } from "./context.ts";

// Demo pictures drawn in code (gradient + shapes, no words: a picture with a caption would
// speak one language on pages of both), then run through the real upload pipeline so that
// they look and behave like uploaded images.

type Shape = "circles" | "diamonds" | "waves" | "heart" | "grid" | "sun" | "blocks";
type Art = {
  name: string;
  size: [number, number];
  colors: [string, string];
  shape: Shape;
  altUk: string;
  altEn: string;
};

const COVER: [number, number] = [1280, 720];
const SQUARE: [number, number] = [640, 640];
const PHOTO: [number, number] = [1024, 768];

const ARTS: Art[] = [
  {
    name: "hromada",
    size: COVER,
    colors: ["#0057b7", "#ffd700"],
    shape: "circles",
    altUk: "Синьо-жовта листівка з колами",
    altEn: "Blue and yellow card with circles",
  },
  {
    name: "kontsert",
    size: COVER,
    colors: ["#3b0a57", "#d63384"],
    shape: "waves",
    altUk: "Фіолетова афіша концерту",
    altEn: "Purple concert poster",
  },
  {
    name: "vyshyvanka",
    size: COVER,
    colors: ["#f8f4ec", "#e8dcc8"],
    shape: "diamonds",
    altUk: "Червоно-чорний орнамент вишиванки",
    altEn: "Red and black embroidery pattern",
  },
  {
    name: "osvita",
    size: COVER,
    colors: ["#14532d", "#4ade80"],
    shape: "grid",
    altUk: "Зелена листівка в клітинку",
    altEn: "Green card with a grid",
  },
  {
    name: "volontery",
    size: COVER,
    colors: ["#9a3412", "#fb923c"],
    shape: "heart",
    altUk: "Помаранчева листівка із серцем",
    altEn: "Orange card with a heart",
  },
  {
    name: "kukhnia",
    size: COVER,
    colors: ["#78350f", "#fbbf24"],
    shape: "sun",
    altUk: "Теплі кольори кулінарного фестивалю",
    altEn: "Warm colours of a food festival",
  },
  {
    name: "mystetstvo",
    size: COVER,
    colors: ["#134e4a", "#5eead4"],
    shape: "blocks",
    altUk: "Бірюзова абстракція",
    altEn: "Teal abstract shapes",
  },
  {
    name: "logo-hromada",
    size: SQUARE,
    colors: ["#1e3a8a", "#60a5fa"],
    shape: "circles",
    altUk: "Логотип організації",
    altEn: "Organisation logo",
  },
  { name: "logo-servis", size: SQUARE, colors: ["#27272a", "#a1a1aa"], shape: "grid", altUk: "Логотип сервісу", altEn: "Business logo" },
  {
    name: "logo-sertse",
    size: SQUARE,
    colors: ["#991b1b", "#fca5a5"],
    shape: "heart",
    altUk: "Логотип із серцем",
    altEn: "Logo with a heart",
  },
  {
    name: "foto-dim",
    size: PHOTO,
    colors: ["#57534e", "#e7e5e4"],
    shape: "blocks",
    altUk: "Фото речей для дому",
    altEn: "Photo of home goods",
  },
  {
    name: "foto-tekhnika",
    size: PHOTO,
    colors: ["#0f172a", "#38bdf8"],
    shape: "grid",
    altUk: "Фото техніки",
    altEn: "Photo of electronics",
  },
  {
    name: "foto-transport",
    size: PHOTO,
    colors: ["#1f2937", "#f87171"],
    shape: "waves",
    altUk: "Фото транспорту",
    altEn: "Photo of a vehicle",
  },
  { name: "foto-zhytlo", size: PHOTO, colors: ["#365314", "#d9f99d"], shape: "sun", altUk: "Світла кімната", altEn: "A bright room" },
  {
    name: "banner",
    size: [1600, 500],
    colors: ["#18181b", "#0057b7"],
    shape: "waves",
    altUk: "Рекламний банер",
    altEn: "Advertising banner",
  },
];

function shapes(shape: Shape, w: number, h: number): string {
  switch (shape) {
    case "circles":
      return [0.2, 0.5, 0.8]
        .map((x, i) => `<circle cx="${x * w}" cy="${h * (0.3 + i * 0.2)}" r="${h * (0.18 + i * 0.06)}" fill="#fff" fill-opacity="0.18"/>`)
        .join("");
    case "diamonds": {
      const s = h / 6;
      let out = "";
      for (let x = 0; x < w + s; x += s) {
        for (const y of [s * 0.7, h - s * 0.7]) {
          out += `<path d="M${x} ${y - s / 2}L${x + s / 2} ${y}L${x} ${y + s / 2}L${x - s / 2} ${y}Z" fill="${(x / s) % 2 ? "#b91c1c" : "#111"}"/>`;
        }
      }
      return out;
    }
    case "waves":
      return [0.55, 0.7, 0.85]
        .map(
          (y, i) =>
            `<path d="M0 ${h * y} Q ${w / 4} ${h * (y - 0.15)} ${w / 2} ${h * y} T ${w} ${h * y} V ${h} H 0 Z" fill="#fff" fill-opacity="${0.1 + i * 0.05}"/>`,
        )
        .join("");
    case "heart": {
      const cx = w * 0.78;
      const cy = h * 0.45;
      const r = h * 0.16;
      return `<path d="M${cx} ${cy + r * 1.6} C ${cx - r * 2.6} ${cy} ${cx - r} ${cy - r * 1.6} ${cx} ${cy - r * 0.4} C ${cx + r} ${cy - r * 1.6} ${cx + r * 2.6} ${cy} ${cx} ${cy + r * 1.6} Z" fill="#fff" fill-opacity="0.35"/>`;
    }
    case "grid": {
      let out = "";
      const step = Math.round(h / 8);
      for (let x = step; x < w; x += step)
        out += `<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="#fff" stroke-opacity="0.12" stroke-width="3"/>`;
      for (let y = step; y < h; y += step)
        out += `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="#fff" stroke-opacity="0.12" stroke-width="3"/>`;
      return out;
    }
    case "sun":
      return (
        `<circle cx="${w * 0.8}" cy="${h * 0.25}" r="${h * 0.16}" fill="#fde68a" fill-opacity="0.8"/>` +
        `<rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#000" fill-opacity="0.15"/>`
      );
    case "blocks":
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${w * (0.08 + i * 0.18)}" y="${h * (0.15 + (i % 3) * 0.12)}" width="${w * 0.14}" height="${h * 0.3}" rx="12" fill="#fff" fill-opacity="${0.08 + i * 0.04}"/>`,
        )
        .join("");
  }
}

function svg(art: Art): string {
  const [w, h] = art.size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colors[0]}"/><stop offset="1" stop-color="${art.colors[1]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes(art.shape, w, h)}
</svg>`;
}

export type SeedImage = ProcessedImage & { name: string; altUk: string; altEn: string };

/** Draws and processes every demo picture (files only, no rows yet). */
export async function renderSeedImages(store: ImageStore): Promise<SeedImage[]> {
  return Promise.all(
    ARTS.map(async (art) => {
      const jpeg = await sharp(Buffer.from(svg(art)))
        .jpeg({ quality: 88 })
        .toBuffer();
      const processed = await processImage(jpeg, { store });
      return { ...processed, name: art.name, altUk: art.altUk, altEn: art.altEn };
    }),
  );
}

/** Inserts the shared staff images (no owner) and records their ids by name. */
export async function insertSeedImages(ctx: SeedContext, images: readonly SeedImage[]): Promise<void> {
  const rows = await ctx.db
    .insertInto("images")
    .values(
      images.map((image) => ({
        key: image.key,
        width: image.width,
        height: image.height,
        variants: image.variants,
        alt_uk: image.altUk,
        alt_en: image.altEn,
      })),
    )
    .returning(["id", "key"])
    .execute();
  const nameByKey = new Map(images.map((image) => [image.key, image.name]));
  for (const row of rows) ctx.images.set(nameByKey.get(row.key)!, row.id);
}

/**
 * A private copy of a demo picture owned by `ownerId` (an advert photo): copies the
 * files under a new key, so deleting the owner's adverts or account never touches
 * pictures used elsewhere.
 */
export async function copySeedImage(ctx: SeedContext, source: SeedImage, ownerId: number): Promise<number> {
  const month = String(ctx.now.getUTCMonth() + 1).padStart(2, "0");
  const key = `${ctx.now.getUTCFullYear()}/${month}/${randomUUID()}`;
  ctx.files.push({ key, variants: source.variants });
  await Promise.all(source.variants.map((width) => ctx.store.copy(imageObjectName(source.key, width), imageObjectName(key, width))));
  const row = await ctx.db
    .insertInto("images")
    .values({
      key,
      width: source.width,
      height: source.height,
      variants: source.variants,
      alt_uk: source.altUk,
      alt_en: source.altEn,
      owner_id: ownerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
