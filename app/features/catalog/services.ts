/**
 * The three services, defined once (SPEC section 2): slugs, titles, copy, routes and locations.
 * Icons live in `icons.tsx` so that server-only code (database schema, mail) need not load React.
 */
import { defineEnum, type EnumValue } from "./define-enum";

export const serviceId = defineEnum({
  water_filtration: "Water Filtration Remediation",
  mold: "Mold Remediation",
  radon: "Radon Remediation",
});
export type ServiceId = EnumValue<typeof serviceId>;

export interface ServiceLocation {
  name: string;
  href: string;
}

export interface Service {
  id: ServiceId;
  /** URL segment shared by the landing page and the quote form */
  slug: string;
  title: string;
  /** entry in the narrow-screen menu */
  menuTitle: string;
  description: string;
  href: string;
  quoteHref: string;
  locations: ServiceLocation[];
  /** quote form heading and subheading */
  formTitle: string;
  formSubtitle: string;
  /** stored as quotes.description (SPEC: mold defaults to 'Mold inspection request') */
  defaultDescription: string;
  /** the kind of visit the free quote books, for cards and mail */
  assessment: string;
  /** the success notification after a request (SPEC section 8) */
  submittedToast: { title: string; description?: string };
}

function service(
  fields: Omit<Service, "href" | "quoteHref" | "locations"> & { locationNames?: string[] },
): Service {
  const { locationNames = ["Utah"], ...rest } = fields;
  const href = `/products/${fields.slug}`;
  return {
    ...rest,
    href,
    quoteHref: `/quotes/${fields.slug}`,
    locations: locationNames.map((name) => ({
      name,
      href: `${href}/${name.toLowerCase().replaceAll(" ", "-")}`,
    })),
  };
}

export const services: readonly Service[] = [
  service({
    id: "water_filtration",
    slug: "water-filtration-remediation",
    title: "Water Filtration Remediation",
    menuTitle: "Water Remediation",
    description: "Professional drinking water quality testing and remediation solutions",
    formTitle: "Water Filtration Assessment",
    formSubtitle: "Tell us about your water quality concerns",
    defaultDescription: "Water filtration assessment request",
    assessment: "assessment",
    submittedToast: {
      title: "Quote submitted successfully",
      description: "We'll review your request and get back to you soon",
    },
  }),
  service({
    id: "mold",
    slug: "mold-remediation",
    title: "Mold Remediation",
    menuTitle: "Mold Remediation",
    description: "Expert mold detection and remediation services",
    formTitle: "Mold Assessment Request",
    formSubtitle: "Tell us where you see or smell mold",
    defaultDescription: "Mold inspection request",
    assessment: "inspection",
    submittedToast: { title: "Your mold inspection quote request has been submitted successfully" },
  }),
  service({
    id: "radon",
    slug: "radon-remediation",
    title: "Radon Remediation",
    menuTitle: "Radon Remediation",
    description: "Comprehensive radon detection and mitigation solutions",
    formTitle: "Radon Testing Assessment",
    formSubtitle: "Protect your health with professional radon testing",
    defaultDescription: "Radon testing request",
    assessment: "testing",
    submittedToast: {
      title: "Quote submitted",
      description: "Your radon testing quote has been submitted successfully",
    },
  }),
];

/** The service whose slug is `slug`, or undefined (callers answer 404). */
export function serviceBySlug(slug: string | undefined): Service | undefined {
  return services.find((s) => s.slug === slug);
}

/** The service with this id; throws on an unknown id (a programming error, not user input). */
export function serviceById(id: ServiceId): Service {
  const found = services.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown service id: ${id}`);
  return found;
}
