/** The company as the site names it (SPEC leaves the brand label open: docs/decisions.md). */
export const company = {
  name: "Utah Home Remediation",
  tagline: "Water, mold and radon remediation for Utah homes",
  region: "Utah",
} as const;
