import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card";
import { cn } from "~/lib/utils";
import { serviceIcons } from "./icons";
import { type Service, services } from "./services";

/**
 * The three services as cards, each with a button to its quote form (landing page, customer
 * dashboard's service chooser). The button's accessible name adds the service: "Get Quote for …".
 * `analyticsEvent` names the click event its buttons declare (label: the service id).
 */
export function ServiceCards({
  actionLabel,
  compact = false,
  body,
  analyticsEvent,
}: {
  actionLabel: string;
  analyticsEvent?: string;
  compact?: boolean;
  body?: (service: Service) => ReactNode;
}) {
  return (
    <div className={cn("grid md:grid-cols-3", compact ? "gap-4" : "gap-6")}>
      {services.map((service) => {
        const Icon = serviceIcons[service.id];
        return (
          <Card key={service.id} className="flex flex-col">
            <CardHeader>
              <Icon
                className={cn("text-brand-700", compact ? "size-8" : "size-10")}
                aria-hidden="true"
              />
              <CardTitle small={compact}>{service.title}</CardTitle>
              <CardDescription>{service.description}</CardDescription>
            </CardHeader>
            {body && (
              <CardContent className="flex-1 text-sm text-slate-700">{body(service)}</CardContent>
            )}
            <CardFooter className="mt-auto gap-3">
              <Button
                asChild
                size={compact ? "sm" : "default"}
                className={cn(!compact && "w-full")}
              >
                <Link
                  to={service.quoteHref}
                  data-analytics-event={analyticsEvent}
                  data-analytics-label={analyticsEvent ? service.id : undefined}
                >
                  {actionLabel}
                  <span className="sr-only"> for {service.title}</span>
                </Link>
              </Button>
            </CardFooter>
          </Card>
        );
      })}
    </div>
  );
}
