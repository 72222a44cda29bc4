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
