import { data, Link } from "react-router";
import { ServicePage, serviceOr404 } from "~/components/service-page";
import { Button } from "~/components/ui/button";
import { serviceArea } from "~/features/catalog/service-area";
import { FactParagraph, QuoteButton } from "~/features/catalog/service-page-sections";
import { citedSourceMap, utahPages } from "~/features/catalog/service-pages";
import { serviceBySlug } from "~/features/catalog/services";
import { companyJsonLd } from "~/features/catalog/structured-data";
import { companyContactOf, pageMeta, publicUrlOf } from "~/lib/seo";
import type { Route } from "./+types/location";

/**
 * A service's location page: its copy and cited publications (as data, not JavaScript). Only the
 * locations the catalog lists exist (others: 404).
 */
export function loader({ params }: Route.LoaderArgs) {
  const service = serviceOr404(params.service);
  const location = service.locations.find((l) => l.href === `${service.href}/${params.location}`);
  if (!location) throw data(null, { status: 404 });
  const page = utahPages[service.id];
  const sources = citedSourceMap(page.sections.flatMap((s) => s.paragraphs));
  return { slug: service.slug, page, sources };
}

export function meta(args: Route.MetaArgs) {
  const service = serviceBySlug(args.params.service);
  if (!service || !args.loaderData) return [{ title: "Page not found" }];
  const { page } = args.loaderData;
  return pageMeta(args, {
    title: page.heading,
    description: page.metaDescription,
    jsonLd: [companyJsonLd(publicUrlOf(args), companyContactOf(args), true)],
    breadcrumbs: true,
  });
}

export default function UtahPage({ loaderData }: Route.ComponentProps) {
  const service = serviceBySlug(loaderData.slug)!;
  const { page } = loaderData;
  return (
    <ServicePage service={service} sources={loaderData.sources} closingText={page.closingText}>
      <section className="mx-auto max-w-4xl px-4 py-12">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{page.heading}</h1>
        <p className="mt-6 text-lg text-slate-700">{page.intro}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <QuoteButton quoteHref={service.quoteHref} analyticsLabel={service.id}>
            Get a Free Quote
          </QuoteButton>
          <Button asChild size="lg" variant="outline">
            <Link to={service.href}>About {service.title}</Link>
          </Button>
        </div>
      </section>

      {page.sections.map((section, index) => {
        const id = `section-${index}`;
        return (
          <section
            key={section.title}
            aria-labelledby={id}
            className={index % 2 === 0 ? "bg-slate-50" : undefined}
          >
            <div className="mx-auto max-w-4xl space-y-6 px-4 py-12">
              <h2 id={id} className="text-3xl font-bold tracking-tight">
                {section.title}
              </h2>
              {section.paragraphs.map((fact) => (
                <FactParagraph key={fact.text} fact={fact} />
              ))}
            </div>
          </section>
        );
      })}

      <section aria-labelledby="area-title" className="mx-auto max-w-4xl px-4 py-12">
        <h2 id="area-title" className="text-3xl font-bold tracking-tight">
          Where we serve in Utah
        </h2>
        <p className="mt-4 text-slate-700">
          We serve homes along the Wasatch Front and beyond, in {serviceArea.counties.length}{" "}
          counties:
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-3">
          {serviceArea.counties.map((county) => (
            <li key={county}>{county} County</li>
          ))}
        </ul>
        <p className="mt-6 text-slate-700">
          Including {serviceArea.cities.slice(0, -1).join(", ")} and {serviceArea.cities.at(-1)}.
          Not on the list? Ask us: we travel across the state.
        </p>
      </section>
    </ServicePage>
  );
}
