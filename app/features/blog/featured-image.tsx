import type { ComponentProps } from "react";
import { responsiveSources } from "./uploads";

/**
 * A post's featured image. An uploaded one is offered in every stored width as AVIF, then WebP
 * (the browser picks by `sizes`); others (the seeded SVGs, external addresses) are a plain img.
 */
export function FeaturedImage({
  src,
  sizes,
  ...img
}: { src: string; sizes: string } & Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes">) {
  const sources = responsiveSources(src);
  // biome-ignore lint/a11y/useAltText: alt comes with the props (decorative: alt="")
  const image = <img src={src} {...img} />;
  if (!sources) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
