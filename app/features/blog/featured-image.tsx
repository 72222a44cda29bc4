import type { ComponentProps } from "react";
import { ImagePlaceholder, useImageFailure } from "~/components/ui/image-with-fallback";
import { cn } from "~/lib/utils";
import { responsiveSources } from "./uploads";

/** A featured image's box: 1200x630 (the Open Graph size every starter image has). */
export const FEATURED_WIDTH = 1200;
export const FEATURED_HEIGHT = 630;

/**
 * A post's featured image, whole (never cropped): a 1200x630 box the image is fitted into at its
 * own ratio. An uploaded one is offered in every stored width as AVIF, then WebP (the browser
 * picks by `sizes`); others (the seeded SVGs, external addresses) are a plain img. An image that
 * fails to load becomes the same placeholder as the service heroes'.
 */
export function FeaturedImage({
  src,
  sizes,
  alt,
  className,
  ...img
}: { src: string; sizes: string; alt: string } & Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "alt" | "width" | "height"
>) {
  const { ref, failed, onError } = useImageFailure();
  if (failed) {
    return (
      <ImagePlaceholder
        alt={alt}
        width={FEATURED_WIDTH}
        height={FEATURED_HEIGHT}
        className={cn("rounded-none", className)}
      />
    );
  }
  const sources = responsiveSources(src);
  const image = (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={FEATURED_WIDTH}
      height={FEATURED_HEIGHT}
      onError={onError}
      {...img}
      className={cn("aspect-[40/21] h-auto w-full bg-slate-100 object-contain", className)}
    />
  );
  if (!sources) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
