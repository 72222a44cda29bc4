/** URL slugs of posts, categories and tags: lowercase ASCII letters, digits and single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a title, e.g. "Radon in Utah Homes!" -> "radon-in-utah-homes" (at most 80 characters). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** SPEC section 5: the author is the part of the admin's email before the at-sign, else 'Anonymous'. */
export function defaultAuthorName(email: string | null | undefined): string {
  const local = email?.split("@")[0]?.trim();
  return local ? local : "Anonymous";
}
