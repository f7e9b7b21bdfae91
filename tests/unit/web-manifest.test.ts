// The installable app: each language's web app manifest (identity, scope, start page,
// maskable icons that exist at their declared sizes, shortcuts) and the
// prebuilt offline pages, as the build writes them (app/platform/offline/generated-files.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatedFiles, offlinePage, webManifest } from "#app/platform/offline/generated-files.ts";
import { manifestPath, OFFLINE_PAGE_PATHS, offlinePagePath } from "#app/platform/offline/offline-files.ts";

const publicDir = path.resolve(import.meta.dirname, "../../public");

describe("web app manifest", () => {
  for (const language of ["uk", "en"] as const) {
    const manifest = webManifest(language);
    const prefix = language === "en" ? "/us" : "";

    it(`${language}: identity, scope and start page in the language's part of the site`, () => {
      expect(manifest.id).toBe(prefix || "/");
      expect(manifest.start_url).toBe(prefix || "/");
      expect(manifest.scope).toBe("/");
      expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
      expect(manifest.display).toBe("standalone");
      expect(manifest.lang.startsWith(language)).toBe(true);
      expect(manifest.name.length).toBeGreaterThan(0);
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    });

    it(`${language}: icons exist in public/ at the sizes declared, maskable ones included`, async () => {
      const purposes = new Set(manifest.icons.map((icon) => icon.purpose));
      expect(purposes).toEqual(new Set(["any", "maskable"]));
      const maskableSizes = manifest.icons.filter((icon) => icon.purpose === "maskable").map((icon) => icon.sizes);
      expect(maskableSizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
      for (const icon of [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)]) {
        const file = path.join(publicDir, icon.src);
        expect(existsSync(file), icon.src).toBe(true);
        if (icon.sizes === "any") continue;
        const { width, height, format } = await sharp(file).metadata();
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
        expect(`image/${format}`).toBe(icon.type);
      }
    });

    it(`${language}: shortcuts to search and to posting an advert, in the language's part of the site`, () => {
      // tests/e2e/offline.spec.ts opens them: both pages exist.
      expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([`${prefix}/search/novyny`, `${prefix}/dodaty-ogoloshennya`]);
      for (const shortcut of manifest.shortcuts) expect(shortcut.name.length).toBeGreaterThan(0);
    });
  }

  it("is written for both languages, names differing, at the paths the page head links", () => {
    const files = generatedFiles();
    expect(JSON.parse(files[manifestPath("ua").slice(1)]!)).toEqual(webManifest("uk"));
    expect(JSON.parse(files[manifestPath("us").slice(1)]!)).toEqual(webManifest("en"));
    expect(webManifest("uk").name).not.toBe(webManifest("en").name);
    expect(webManifest("uk").id).not.toBe(webManifest("en").id);
  });

  it("the maskable icon keeps its mark inside the safe zone, on a full-bleed tile", async () => {
    const { data, info } = await sharp(path.join(publicDir, "icon-maskable-512.png")).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    // Corners are painted (no transparency a mask could reveal) and the white globe stays
    // within the centred circle of radius 40 %.
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
    ] as const)
      expect(info.channels === 4 ? data[(y * 512 + x) * 4 + 3] : 255).toBe(255);
    let outside = 0;
    for (let y = 0; y < 512; y += 2) {
      for (let x = 0; x < 512; x += 2) {
        const [r, g, b] = at(x, y);
        const white = r! > 240 && g! > 240 && b! > 240;
        if (white && Math.hypot(x - 256, y - 256) > 0.4 * 512) outside++;
      }
    }
    expect(outside).toBe(0);
  });
});

describe("offline pages", () => {
  it("one per language, in that language, without scripts, linking home", () => {
    const uk = offlinePage("uk");
    const en = offlinePage("en");
    expect(uk).toContain('<html lang="uk">');
    expect(uk).toContain("Немає з'єднання".replace("'", "&apos;"));
    expect(uk).toContain('href="/"');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("No connection");
    expect(en).toContain('href="/us"');
    for (const page of [uk, en]) {
      expect(page).not.toMatch(/<script/i);
      expect(page).toContain("prefers-color-scheme:dark");
    }
    expect(generatedFiles()[OFFLINE_PAGE_PATHS.uk.slice(1)]).toBe(uk);
    expect(generatedFiles()[OFFLINE_PAGE_PATHS.en.slice(1)]).toBe(en);
  });

  it("the language follows the address: English under /us only", () => {
    expect(offlinePagePath("/novyny/x")).toBe(OFFLINE_PAGE_PATHS.uk);
    expect(offlinePagePath("/us")).toBe(OFFLINE_PAGE_PATHS.en);
    expect(offlinePagePath("/us/poster/y")).toBe(OFFLINE_PAGE_PATHS.en);
    expect(offlinePagePath("/usa-news")).toBe(OFFLINE_PAGE_PATHS.uk);
  });
});
