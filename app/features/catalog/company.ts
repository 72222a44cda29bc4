/** The company as the site names it (docs/decisions/0001-brand-label.md). */
export const company = {
  name: "Utah Home Remediation",
  tagline: "Water, mold and radon remediation for Utah homes",
  region: "Utah",
} as const;

/** A page's document title as the site writes it: `title | company name`. */
export function documentTitle(title: string): string {
  return `${title} | ${company.name}`;
}

/**
 * How to reach the company, as the root loader hands it to every page (from COMPANY_PHONE and
 * COMPANY_EMAIL, lib/env.server.ts): the phone in E.164 for `tel:` links and in the form people read.
 */
export interface CompanyContact {
  /** E.164, e.g. "+18015550100" */
  phone: string;
  /** e.g. "(801) 555-0100" */
  phoneDisplay: string;
  email: string;
}
