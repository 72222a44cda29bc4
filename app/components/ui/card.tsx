import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";

// Callers add spacing and layout classes; colours and sizes that differ are variants here, since
// `cn` joins classes without resolving conflicts between them.

const cardTones = {
  default: "border-slate-200 bg-white",
  brand: "border-brand-100 bg-brand-50",
};

export function Card({
  className,
  tone = "default",
  ...props
}: ComponentProps<"div"> & { tone?: keyof typeof cardTones }) {
  return (
    <div
      className={cn("rounded-xl border text-slate-900 shadow-sm", cardTones[tone], className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

/**
 * A card's title; `as` picks the heading level that fits the page outline (default h3), `small`
 * the size of a compact card.
 */
export function CardTitle({
  className,
  as: Heading = "h3",
  small = false,
  ...props
}: ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4"; small?: boolean }) {
  return (
    <Heading
      className={cn(small ? "text-base" : "text-xl", "font-semibold leading-tight", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}

/** The card's body; after a header it has no top padding, alone give it `pt-6`. */
export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-6 pb-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center px-6 pb-6", className)} {...props} />;
}

/**
 * A card whose header holds its title alone: `title` in a CardTitle of heading level `as`
 * (default h3), `children` in the CardContent (with `bodyClassName`); other props go to the Card.
 */
export function TitledCard({
  title,
  as,
  bodyClassName,
  children,
  ...card
}: Omit<ComponentProps<typeof Card>, "title"> & {
  title: ReactNode;
  as?: ComponentProps<typeof CardTitle>["as"];
  bodyClassName?: string;
}) {
  return (
    <Card {...card}>
      <CardHeader>
        <CardTitle as={as}>{title}</CardTitle>
      </CardHeader>
      <CardContent className={bodyClassName}>{children}</CardContent>
    </Card>
  );
}
