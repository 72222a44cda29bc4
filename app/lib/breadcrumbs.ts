/** One step of a breadcrumb trail: its visible name and the absolute path it links to. */
export interface Crumb {
  name: string;
  path: string;
}

/** A path segment as a breadcrumb title (SPEC section 2): dashes become spaces, words title-cased. */
export function segmentTitle(segment: string): string {
  return decodeURIComponent(segment)
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The breadcrumb trail of `pathname` (SPEC section 2): Home, then one crumb per path segment.
 * `/products/mold-remediation/utah` gives Home (/), Products (/products),
 * Mold Remediation (/products/mold-remediation), Utah (/products/mold-remediation/utah).
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return [
    { name: "Home", path: "/" },
    ...segments.map((segment, i) => ({
      name: segmentTitle(segment),
      path: `/${segments.slice(0, i + 1).join("/")}`,
    })),
  ];
}
