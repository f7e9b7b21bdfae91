import { lazy, Suspense, useEffect, useState } from "react";
import type { GalleryPhoto } from "#app/modules/adverts/queries.server.ts";
import { COVER_IMAGE_SIZES, ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import type { GalleryHydrated } from "./photo-clicks.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/**
 * The advert's photos: the first one large, the others as thumbnails. Every photo is a
 * plain link to its full-size file (so without JS it simply opens); with JS the link opens
 * the lightbox instead: zoom (buttons, wheel, + and -), previous/next (buttons, arrow keys,
 * swipe), Escape closes. The lightbox's code loads on the first click.
 */
const Lightbox = lazy(() => import("./lightbox.tsx"));

export function Gallery({ photos, title }: { photos: GalleryPhoto[]; title: string }) {
  const { t } = useAdvertsT();
  const [open, setOpen] = useState<number | null>(null);
  // A photo clicked before the gallery hydrated (photo-clicks.ts holds it) opens now.
  useEffect(() => {
    const hydrated: GalleryHydrated = new CustomEvent("gallery:hydrated", { detail: { clicked: null } });
    window.dispatchEvent(hydrated);
    if (hydrated.detail.clicked !== null) setOpen(hydrated.detail.clicked);
    return () => void window.dispatchEvent(new CustomEvent("gallery:gone"));
  }, []);
  const [first, ...rest] = photos;
  if (!first) return null;
  const openAt = (index: number) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(index);
  };
  return (
    <section className="gallery" aria-label={t("gallery.label")}>
      <a href={first.full} className="gallery__main" onClick={openAt(0)} aria-label={t("gallery.open", { n: 1, count: photos.length })}>
        <ResponsiveImage image={first} sizes={COVER_IMAGE_SIZES} priority />
      </a>
      {rest.length ? (
        <ul className="gallery__thumbs" aria-label={t("gallery.thumbnails")}>
          {rest.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.full} onClick={openAt(index + 1)} aria-label={t("gallery.open", { n: index + 2, count: photos.length })}>
                <ResponsiveImage image={photo} sizes="8rem" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox photos={photos} title={title} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
