/**
 * The `?page=` of a list URL: 1 when absent, null when it is not a positive whole number
 * (the route answers 404: there is no such page).
 */
export function pageParam(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null || raw === "") return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Paths whose page is a list of article cards (skeleton cards show while they load). */
export function isBlogListPath(pathname: string | undefined): boolean {
  if (!pathname) return false;
  return /^\/blog\/?$/.test(pathname) || /^\/blog\/(category|tag)\/[^/]+\/?$/.test(pathname);
}
