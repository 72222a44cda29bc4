import { absoluteUrl, businessJsonLd, openGraphImage, serviceJsonLd } from "~/lib/seo";
import { type CompanyContact, company } from "./company";
import { serviceArea } from "./service-area";
import type { Service } from "./services";

const companyDescription =
  "Drinking water filtration, mold remediation and radon mitigation for Utah homes. 24/7 emergency service; work follows EPA guidelines.";

/**
 * The company as schema.org `HomeAndConstructionBusiness` with its phone and e-mail (`contact`,
 * from the root loader); with `withCities` its service area.
 */
export function companyJsonLd(
  publicUrl: string,
  contact: CompanyContact | undefined,
  withCities = false,
) {
  return businessJsonLd({
    name: company.name,
    description: companyDescription,
    url: absoluteUrl(publicUrl, "/"),
    image: absoluteUrl(publicUrl, openGraphImage.path),
    telephone: contact?.phone,
    email: contact?.email,
    state: serviceArea.state,
    cities: withCities ? serviceArea.cities : undefined,
  });
}

/** A service's landing page as schema.org `Service` provided by the company in Utah. */
export function serviceLandingJsonLd(service: Service, publicUrl: string) {
  return serviceJsonLd({
    name: service.title,
    description: service.description,
    url: absoluteUrl(publicUrl, service.href),
    provider: { name: company.name, url: absoluteUrl(publicUrl, "/") },
    state: serviceArea.state,
  });
}
