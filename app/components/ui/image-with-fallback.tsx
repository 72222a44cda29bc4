import { ImageOff } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

/**
 * Whether an image failed to load. A failure after hydration arrives as `onError`; one before
 * hydration (the event fired before React listened) is found on mount by
 * `complete && naturalWidth === 0`. Put `ref` and `onError` on the img.
 */
export function useImageFailure(): {
  ref: RefObject<HTMLImageElement | null>;
  failed: boolean;
  onError: () => void;
} {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return { ref, failed, onError: () => setFailed(true) };
}

/**
 * The visible placeholder of an image that failed to load (SPEC section 2), at the image's
 * `width`/`height` ratio: an icon and 'Image unavailable'. It keeps the image's name (`alt`);
 * a decorative image (`alt=""`) gives a decorative placeholder.
 */
export function ImagePlaceholder({
  alt,
  width,
  height,
  className,
}: {
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <div
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={cn(
        "flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 text-slate-700",
        className,
      )}
    >
      <ImageOff className="size-10" aria-hidden="true" />
      <span aria-hidden="true" className="px-4 text-center text-sm">
        Image unavailable
      </span>
    </div>
  );
}

/**
 * An image with its width and height set (no layout shift) that is replaced by a visible
 * placeholder of the same size when it fails to load (SPEC section 2), before or after
 * hydration. `priority` marks the page's hero: eager and `fetchpriority="high"`; other images
 * load lazily.
 */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  const { ref, failed, onError } = useImageFailure();
  if (failed) {
    return <ImagePlaceholder alt={alt} width={width} height={height} className={className} />;
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      onError={onError}
      className={cn("h-auto w-full", className)}
    />
  );
}
