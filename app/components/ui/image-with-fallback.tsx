import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

/**
 * An image with its width and height set (no layout shift) that is replaced by a visible
 * placeholder of the same size when it fails to load (SPEC section 2). A failure after hydration
 * arrives as `error`; one before hydration (the event fired before React listened) is found on
 * mount by `complete && naturalWidth === 0`. `priority` marks the page's hero: eager and
 * `fetchpriority="high"`; other images load lazily.
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
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
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
      onError={() => setFailed(true)}
      className={cn("h-auto w-full", className)}
    />
  );
}
