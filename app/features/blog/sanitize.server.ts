import sanitizeHtml from "sanitize-html";

/** Tags an article body may contain: text structure, links, images, quotes, code and tables. */
const allowedTags = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  "blockquote",
  "a",
  "img",
  "figure",
  "figcaption",
  "code",
  "pre",
  "table",
  "caption",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** A URL the allowlist keeps: http(s), mailto (links only), a root-relative path, a fragment or a plain relative path. */
const safeUrl = {
  link: /^(https?:\/\/|mailto:|\/(?!\/)|#|\.{1,2}\/|[\w\-.~%]+(?:[/?#][\w\-./?#=&%~+]*)?$)/i,
  image: /^(https?:\/\/|\/(?!\/))/i,
};

const mailto = /^mailto:/i;

/**
 * Whether `href` leaves the site: an absolute http(s) URL on another origin than `siteOrigin`.
 * Relative URLs, fragments and mailto: are not external.
 */
export function isExternalLink(href: string, siteOrigin: string): boolean {
  if (!/^https?:/i.test(href.trim())) return false;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

/**
 * Cleans article HTML against an allowlist (DESIGN section 5; OWASP ASVS 5.0 V1.3.1/V1.2.x):
 * unknown tags are dropped with their content kept (script/style/textarea bodies are dropped too),
 * no event handler or style attribute survives, links and images keep only http(s), mailto
 * (links) and relative URLs (protocol-relative `//host` URLs are refused), every link gets
 * `rel="noopener noreferrer"` plus `nofollow` when it leaves `siteOrigin`, and an `h1` becomes
 * an `h2` (the page's title is its only h1). Used when a post is saved AND when it is rendered.
 * @param html untrusted HTML
 * @param siteOrigin the site's public origin (PUBLIC_URL), e.g. "https://example.com"
 * @param options.baseUrl when given, every relative link and image URL that survives is made
 *   absolute against it (for HTML read away from the site, e.g. the feed: `/uploads/...` would
 *   otherwise point into the feed reader)
 * @returns safe HTML; never throws
 */
export function sanitizePostHtml(
  html: string,
  siteOrigin: string,
  options: { baseUrl?: string } = {},
): string {
  const { baseUrl } = options;
  // only URLs the allowlist already kept are resolved, so resolving never lets one in
  const resolved = (url: string) => {
    if (!baseUrl) return url;
    try {
      return new URL(url, baseUrl).href;
    } catch {
      return url; // e.g. "http://" alone: left as it was
    }
  };
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ["href", "title", "rel"],
      img: ["src", "alt", "title", "width", "height", "loading"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
      ol: ["start"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      h1: "h2",
      a: (tagName, attribs) => {
        const { href: raw, rel: _given, ...rest } = attribs;
        const href = raw?.trim();
        const rel =
          href && isExternalLink(href, siteOrigin)
            ? "nofollow noopener noreferrer"
            : "noopener noreferrer";
        // anything that is not plainly one of the allowed URL forms loses its href
        return {
          tagName,
          attribs:
            href && safeUrl.link.test(href)
              ? { href: mailto.test(href) ? href : resolved(href), ...rest, rel }
              : { ...rest, rel },
        };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        return {
          tagName,
          attribs: src && safeUrl.image.test(src) ? { ...attribs, src: resolved(src) } : attribs,
        };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === "img" && !safeUrl.image.test(frame.attribs.src?.trim() ?? ""),
  });
}
