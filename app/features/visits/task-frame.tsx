import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * The frame of a page the requester reaches both from the status link or the confirmation (a page
 * of its own: margins and an h1) and from their account (inside the account layout, whose h1 names
 * the area: an h2 and no margins of its own). `width` is the page's Tailwind max-width class.
 */
export function TaskFrame({
  title,
  inAccount,
  width,
  children,
}: {
  title: string;
  inAccount: boolean;
  width: "max-w-2xl" | "max-w-3xl";
  children: ReactNode;
}) {
  if (inAccount) {
    return (
      <div>
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        {children}
      </div>
    );
  }
  return (
    <div className={cn("mx-auto px-4 py-12", width)}>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
