import type { PublicPage } from "./public-pages";

const xmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);
}

/**
 * A sitemaps.org 0.9 `urlset` of `pages`, each `loc` absolute against `publicUrl`
 * (https://www.sitemaps.org/protocol.html). `lastmod` is a W3C date (YYYY-MM-DD).
 */
export function sitemapXml(pages: readonly PublicPage[], publicUrl: string): string {
  const urls = pages.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(new URL(page.path, publicUrl).href)}</loc>\n    <lastmod>${escapeXml(page.lastmod)}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything public except the private areas; names the sitemap. */
export function robotsTxt(disallow: readonly string[], sitemapUrl: string): string {
  return [
    "User-agent: *",
    ...disallow.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${sitemapUrl}`,
    "",
  ].join("\n");
}
