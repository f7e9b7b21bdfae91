import type { DisplayImage } from "#app/platform/images/display-image.ts";

/**
 * A stored image with every width variant in srcset and its intrinsic size set (no layout
 * shift). `priority` is for the one image above the fold (eager, high fetch priority);
 * every other image loads lazily.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: DisplayImage;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}

/** Cards: one column on phones, two to three on wider screens (container 72rem). */
export const CARD_IMAGE_SIZES = "(min-width: 72rem) 23rem, (min-width: 40rem) 45vw, 92vw";
/** Article cover: the text column (48rem at most). */
export const COVER_IMAGE_SIZES = "(min-width: 50rem) 48rem, 100vw";
