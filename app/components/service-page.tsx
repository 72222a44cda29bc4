/** The frame the pages of a service share (its landing page and its Utah page under /products). */
import type { ReactNode } from "react";
import { data } from "react-router";
import { CitedSources, ClosingCta, SourcesList } from "~/features/catalog/service-page-sections";
import { type Service, serviceBySlug } from "~/features/catalog/services";

/**
 * The service a page's `:service` segment names.
 * @throws a 404 response (the site's not-found page) for a slug no service has
 */
export function serviceOr404(slug: string | undefined): Service {
  const service = serviceBySlug(slug);
  if (!service) throw data(null, { status: 404 });
  return service;
}

/**
 * A service page: the cited publications as `sources` for its fact paragraphs, `children`, then
 * the closing call to request a quote (`closingText` under the heading) and the list of sources.
 */
export function ServicePage({
  service,
  sources,
  closingText,
  children,
}: {
  service: Service;
  sources: Parameters<typeof CitedSources>[0]["sources"];
  closingText: string;
  children: ReactNode;
}) {
  return (
    <CitedSources sources={sources}>
      {children}
      <ClosingCta
        title="Get Your Free Quote Today"
        text={closingText}
        quoteHref={service.quoteHref}
        buttonLabel={`Request a Free ${service.title} Quote`}
        analyticsLabel={service.id}
      />
      <SourcesList />
    </CitedSources>
  );
}
