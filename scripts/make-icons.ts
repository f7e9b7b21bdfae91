// Renders the favicon set in public/ from public/icon.svg (run after changing the logo:
// `npm run icons`). Outputs are committed: favicon.ico (16, 32, 48), apple-touch-icon.png
// (180, full-bleed: iOS rounds the corners itself), icon-192.png and icon-512.png for the
// web manifest, and icon-maskable-192.png and icon-maskable-512.png (purpose "maskable").
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../public");
const svg = readFileSync(path.join(publicDir, "icon.svg"), "utf8");
// The same drawing without the rounded corners, for platforms that apply their own mask.
const square = svg.replace('rx="8" ', "").replace("M0 16h32v8a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8z", "M0 16h32v16H0z");

// Maskable: the tile fills the square and the globe is drawn at 80 % (radius 25 % of the
// side), well inside the safe zone, the centred circle of radius 40 % that every mask keeps.
const globe = square.match(/<circle.*<\/svg>/)![0].replace("</svg>", "");
const maskable = square.replace(globe, `<g transform="translate(16 16) scale(0.8) translate(-16 -16)">${globe}</g>`);

const png = (source: string, size: number) =>
  sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO file holding PNG images (supported by every current browser and Windows Vista+). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

const icoSizes = [16, 32, 48];
writeFileSync(
  path.join(publicDir, "favicon.ico"),
  ico(await Promise.all(icoSizes.map(async (size) => ({ size, data: await png(svg, size) })))),
);
writeFileSync(path.join(publicDir, "apple-touch-icon.png"), await png(square, 180));
writeFileSync(path.join(publicDir, "icon-192.png"), await png(square, 192));
writeFileSync(path.join(publicDir, "icon-512.png"), await png(square, 512));
writeFileSync(path.join(publicDir, "icon-maskable-192.png"), await png(maskable, 192));
writeFileSync(path.join(publicDir, "icon-maskable-512.png"), await png(maskable, 512));
console.log("public/: favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, icon-maskable-192.png, icon-maskable-512.png");
