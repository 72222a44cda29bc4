import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { serviceIcons } from "~/features/catalog/icons";
import { landingPages } from "~/features/catalog/service-pages";
import { services } from "~/features/catalog/services";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

/** Each service's summary from the landing page copy (data, not JavaScript). */
export function loader() {
  return {
    summaries: Object.fromEntries(services.map((s) => [s.id, landingPages[s.id].heroText])),
  };
}

export const handle = { analytics: { event: "products_page_view" } };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Remediation Services",
    description:
      "Water filtration, mold remediation and radon mitigation for Utah homes: what each service covers, how it works, and a free quote for each.",
    breadcrumbs: true,
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">Our Remediation Services</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Three services for a healthier Utah home, each starting with a free quote. Emergency crews
        answer 24/7, and every job follows EPA guidelines.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {services.map((service) => {
          const Icon = serviceIcons[service.id];
          return (
            <li
              key={service.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <Icon className="size-10 text-brand-700" aria-hidden="true" />
              <h2 className="mt-4 text-xl font-semibold">{service.title}</h2>
              <p className="mt-2 text-slate-700">{service.description}.</p>
              <p className="mt-2 flex-1 text-sm text-slate-700">
                {loaderData.summaries[service.id]}
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button asChild variant="outline">
                  <Link
                    to={service.href}
                    data-analytics-event={`view_${service.id}_card`}
                    data-analytics-label={service.id}
                  >
                    Learn More<span className="sr-only"> about {service.title}</span>
                  </Link>
                </Button>
                <Button asChild>
                  <Link to={service.quoteHref}>
                    Get a Quote<span className="sr-only"> for {service.title}</span>
                  </Link>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
