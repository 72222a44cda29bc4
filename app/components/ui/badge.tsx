import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const tones = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-sky-100 text-sky-900",
  in_progress: "bg-indigo-100 text-indigo-900",
  completed: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
  neutral: "bg-slate-100 text-slate-900",
} as const;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: keyof typeof tones }) {
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
