import { Link, type Params } from "react-router";
import { ServicePage, serviceOr404 } from "~/components/service-page";
import { Button } from "~/components/ui/button";
import { ImageWithFallback } from "~/components/ui/image-with-fallback";
import { servicePageEvent } from "~/features/analytics/events";
import { CardGrid, FactParagraph, QuoteButton } from "~/features/catalog/service-page-sections";
import { citedSourceMap, landingPages } from "~/features/catalog/service-pages";
import { serviceBySlug } from "~/features/catalog/services";
import { serviceLandingJsonLd } from "~/features/catalog/structured-data";
import { pageMeta, publicUrlOf } from "~/lib/seo";
import type { Route } from "./+types/service";

/**
 * The page's copy and the publications it cites (as data: they stay out of the JavaScript bundle).
 * Unknown slugs (e.g. /products/foo) answer 404 with the site's not-found page.
 */
export function loader({ params }: Route.LoaderArgs) {
  const service = serviceOr404(params.service);
  const page = landingPages[service.id];
  const sources = citedSourceMap([
    ...(page.whatIs?.paragraphs ?? []),
    ...page.risks,
    ...page.process,
    ...(page.whyChoose?.cards ?? []),
  ]);
  return { slug: service.slug, page, sources };
}

/** The page event the analytics data layer sends for this service (mold and radon only). */
export const handle = {
  analytics: (params: Params) => {
    const service = serviceBySlug(params.service);
    const event = service && servicePageEvent[service.id];
    return event ? { event, label: service.id } : undefined;
  },
};

export function meta(args: Route.MetaArgs) {
  const service = serviceBySlug(args.params.service);
  if (!service || !args.loaderData) return [{ title: "Page not found" }];
  return pageMeta(args, {
    title: service.title,
    description: args.loaderData.page.metaDescription,
    jsonLd: [serviceLandingJsonLd(service, publicUrlOf(args))],
    breadcrumbs: true,
  });
}

export default function ServiceLanding({ loaderData }: Route.ComponentProps) {
  const service = serviceBySlug(loaderData.slug)!;
  const { page } = loaderData;
  return (
    <ServicePage service={service} sources={loaderData.sources} closingText={page.closingText}>
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{service.title}</h1>
          <p className="mt-6 text-lg text-slate-700">{page.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <QuoteButton quoteHref={service.quoteHref} analyticsLabel={service.id}>
              Get a Free Quote
            </QuoteButton>
            {service.locations.map((location) => (
              <Button asChild size="lg" variant="outline" key={location.href}>
                <Link to={location.href}>
                  {service.title} in {location.name}
                </Link>
              </Button>
            ))}
          </div>
        </div>
        <ImageWithFallback {...page.image} priority />
      </section>

      {page.whatIs && (
        <section aria-labelledby="what-is-title" className="bg-slate-50">
          <div className="mx-auto max-w-4xl space-y-6 px-4 py-14">
            <h2 id="what-is-title" className="text-3xl font-bold tracking-tight">
              {page.whatIs.title}
            </h2>
            {page.whatIs.paragraphs.map((fact) => (
              <FactParagraph key={fact.text} fact={fact} />
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="risks-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="risks-title" className="text-3xl font-bold tracking-tight">
          {page.risksTitle}
        </h2>
        <CardGrid cards={page.risks} />
      </section>

      <section aria-labelledby="process-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="process-title" className="text-3xl font-bold tracking-tight">
            {page.processTitle}
          </h2>
          <CardGrid cards={page.process} />
        </div>
      </section>

      {page.whyChoose && (
        <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="why-title" className="text-3xl font-bold tracking-tight">
            {page.whyChoose.title}
          </h2>
          <CardGrid cards={page.whyChoose.cards} />
        </section>
      )}
    </ServicePage>
  );
}
