import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** Badge colours by meaning; a feature maps its own states (a quote's status...) to one. */
const tones = {
  neutral: "bg-slate-100 text-slate-900",
  info: "bg-sky-100 text-sky-900",
  warning: "bg-amber-100 text-amber-900",
  accent: "bg-indigo-100 text-indigo-900",
  success: "bg-emerald-100 text-emerald-900",
  danger: "bg-red-100 text-red-900",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
