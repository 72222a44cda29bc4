import { describe, expect, it } from "vitest";
import { marketingPaths, publicPages } from "~/features/catalog/public-pages";
import { landingPages, utahPages } from "~/features/catalog/service-pages";
import { services } from "~/features/catalog/services";
import { robotsTxt, sitemapXml } from "~/features/catalog/sitemap";
import { sources } from "~/features/catalog/sources";
import { companyJsonLd, serviceLandingJsonLd } from "~/features/catalog/structured-data";
import { breadcrumbTrail, segmentTitle } from "~/lib/breadcrumbs";
import {
  inlineScriptHashes,
  needsPersonalRender,
  withCompanyContact,
  withPublicOrigin,
} from "~/lib/prerendered.server";
import { breadcrumbListJsonLd, isPrivatePath, pageMeta } from "~/lib/seo";

const origin = "https://remediation.example";

describe("breadcrumb titles (SPEC section 2)", () => {
  it.each([
    ["products", "Products"],
    ["water-filtration-remediation", "Water Filtration Remediation"],
    ["mold-remediation", "Mold Remediation"],
    ["utah", "Utah"],
    ["salt-lake-city", "Salt Lake City"],
  ])("%s -> %s", (segment, title) => {
    expect(segmentTitle(segment)).toBe(title);
  });

  it("starts at Home and adds one crumb per segment, each with its own path", () => {
    expect(breadcrumbTrail("/products/radon-remediation/utah")).toEqual([
      { name: "Home", path: "/" },
      { name: "Products", path: "/products" },
      { name: "Radon Remediation", path: "/products/radon-remediation" },
      { name: "Utah", path: "/products/radon-remediation/utah" },
    ]);
    expect(breadcrumbTrail("/products/")).toEqual([
      { name: "Home", path: "/" },
      { name: "Products", path: "/products" },
    ]);
  });
});

describe("JSON-LD builders", () => {
  it("describes the company as a HomeAndConstructionBusiness in Utah, open 24/7, with its phone", () => {
    const contact = {
      phone: "+18015550123",
      phoneDisplay: "(801) 555-0123",
      email: "office@example.com",
    };
    const business = companyJsonLd(origin, contact, true);
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      "@type": "HomeAndConstructionBusiness",
      name: "Utah Home Remediation",
      url: `${origin}/`,
      image: `${origin}/og-image.png`,
      openingHours: "Mo-Su 00:00-23:59",
      openingHoursSpecification: { opens: "00:00", closes: "23:59" },
      telephone: "+18015550123",
      email: "office@example.com",
    });
    const spec = business.openingHoursSpecification as { dayOfWeek: string[] };
    expect(spec.dayOfWeek).toHaveLength(7);
    const area = business.areaServed as { "@type": string; name: string }[];
    expect(area[0]).toEqual({ "@type": "State", name: "Utah" });
    expect(area).toContainEqual({ "@type": "City", name: "Salt Lake City" });
    expect(companyJsonLd(origin, contact).areaServed).toEqual({ "@type": "State", name: "Utah" });
  });

  it("describes each landing page as a Service provided by the company in Utah", () => {
    const radon = services.find((s) => s.id === "radon")!;
    expect(serviceLandingJsonLd(radon, origin)).toEqual({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Radon Remediation",
      serviceType: "Radon Remediation",
      description: "Comprehensive radon detection and mitigation solutions",
      url: `${origin}/products/radon-remediation`,
      provider: {
        "@type": "HomeAndConstructionBusiness",
        name: "Utah Home Remediation",
        url: `${origin}/`,
      },
      areaServed: { "@type": "State", name: "Utah" },
    });
  });

  it("numbers breadcrumb items from 1 with absolute URLs", () => {
    const list = breadcrumbListJsonLd(breadcrumbTrail("/products/mold-remediation"), origin);
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
        { "@type": "ListItem", position: 2, name: "Products", item: `${origin}/products` },
        {
          "@type": "ListItem",
          position: 3,
          name: "Mold Remediation",
          item: `${origin}/products/mold-remediation`,
        },
      ],
    });
  });
});

describe("page metadata", () => {
  const args = (pathname: string) => ({
    location: { pathname },
    matches: [{ id: "root", loaderData: { publicUrl: origin } }],
  });
  const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
    meta.find((m) => (m as Record<string, unknown>)[key] === value) as
      | Record<string, string>
      | undefined;

  it("gives an absolute canonical URL without a trailing slash and the 1200x630 image", () => {
    const meta = pageMeta(args("/products/mold-remediation/"), {
      title: "Mold",
      description: "About mold",
      breadcrumbs: true,
    });
    expect(find(meta, "rel", "canonical")?.href).toBe(`${origin}/products/mold-remediation`);
    expect(find(meta, "property", "og:image")?.content).toBe(`${origin}/og-image.png`);
    expect(find(meta, "property", "og:image:width")?.content).toBe("1200");
    expect(find(meta, "property", "og:image:height")?.content).toBe("630");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "robots")).toBeUndefined();
    const jsonLd = meta.filter((m) => "script:ld+json" in m);
    expect(jsonLd).toHaveLength(1);
  });

  it("marks private areas noindex, and only those", () => {
    for (const path of [
      "/account",
      "/account/quotes",
      "/admin",
      "/auth/signin",
      "/quotes/confirmation",
    ]) {
      expect(isPrivatePath(path)).toBe(true);
      const meta = pageMeta(args(path), { title: "x", description: "y" });
      expect(find(meta, "name", "robots")?.content).toBe("noindex");
    }
    for (const path of ["/", "/accounting", "/products", "/quotes/mold-remediation"]) {
      expect(isPrivatePath(path)).toBe(false);
    }
  });
});

describe("public pages, sitemap and robots.txt", () => {
  it("derives the prerendered marketing pages from the catalog", () => {
    expect(marketingPaths()).toEqual([
      "/",
      "/products",
      "/products/water-filtration-remediation",
      "/products/water-filtration-remediation/utah",
      "/products/mold-remediation",
      "/products/mold-remediation/utah",
      "/products/radon-remediation",
      "/products/radon-remediation/utah",
    ]);
    expect(publicPages().map((p) => p.path)).toEqual([
      ...marketingPaths(),
      "/quotes/water-filtration-remediation",
      "/quotes/mold-remediation",
      "/quotes/radon-remediation",
    ]);
  });

  it("writes one url element per page with an absolute loc and lastmod, XML-escaped", () => {
    const xml = sitemapXml(
      [
        { path: "/", lastmod: "2026-11-23" },
        { path: "/blog/salt-&-water", lastmod: "2026-11-20" },
      ],
      origin,
    );
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(`<loc>${origin}/</loc>\n    <lastmod>2026-11-23</lastmod>`);
    expect(xml).toContain(`<loc>${origin}/blog/salt-&amp;-water</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("disallows each private area and names the sitemap", () => {
    expect(robotsTxt(["/account", "/admin"], `${origin}/sitemap.xml`)).toBe(
      `User-agent: *\nDisallow: /account\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  });
});

describe("prerendered pages", () => {
  it("hashes inline scripts (not external ones, not JSON-LD) as CSP sources", () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script src="/assets/x.js"></script>' +
      '<script nonce="">console.log(1)</script><script type="module">import "/a.js";</script>';
    // sha256 of the exact script text, base64 (what a browser compares with 'sha256-...')
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
  });

  it("moves a page built for one address to the server's PUBLIC_URL", () => {
    const html =
      '<link rel="canonical" href="http://localhost:3000/products"/><meta property="og:image" content="http://localhost:3000/og-image.png"/>';
    expect(withPublicOrigin(html, "https://remediation.example")).toBe(
      '<link rel="canonical" href="https://remediation.example/products"/><meta property="og:image" content="https://remediation.example/og-image.png"/>',
    );
    expect(withPublicOrigin(html, "http://localhost:3000")).toBe(html);
  });

  it("moves a page built with one company contact to the server's COMPANY_PHONE and COMPANY_EMAIL", () => {
    const html = [
      '<a href="tel:+18015550100" class="x"><svg></svg><span><span class="sr-only">Call us: </span>(801) 555-0100</span></a>',
      '<p>Phone: <a href="tel:+18015550100" class="y">(801) 555-0100</a></p>',
      '<p>Email: <a href="mailto:office@localhost" class="z">office@localhost</a></p>',
      '<script type="application/ld+json">{"telephone":"+18015550100","email":"office@localhost"}</script>',
      '<script>window.__data = "{\\"phone\\":\\"+18015550100\\",\\"phoneDisplay\\":\\"(801) 555-0100\\"}"</script>',
    ].join("");
    const contact = {
      phone: "+13855550177",
      phoneDisplay: "(385) 555-0177",
      email: "office@remediation.example",
    };
    const moved = withCompanyContact(html, contact);
    expect(moved).not.toMatch(/555-0100|5550100|office@localhost/);
    expect(moved.match(/\+13855550177/g)).toHaveLength(4);
    expect(moved.match(/\(385\) 555-0177/g)).toHaveLength(3);
    expect(moved.match(/office@remediation\.example/g)).toHaveLength(3);
    expect(
      withCompanyContact(html, {
        phone: "+18015550100",
        phoneDisplay: "(801) 555-0100",
        email: "office@localhost",
      }),
    ).toBe(html);
  });

  it("renders per request for a session, a pending notification or Global Privacy Control", () => {
    expect(needsPersonalRender(undefined, undefined)).toBe(false);
    expect(needsPersonalRender("_ga=GA1.1; theme=dark", undefined)).toBe(false);
    expect(needsPersonalRender("remediation.session_token=abc", undefined)).toBe(true);
    expect(needsPersonalRender("a=1; __Host-remediation.session_token=abc", undefined)).toBe(true);
    expect(needsPersonalRender("toast=xyz", undefined)).toBe(true);
    expect(needsPersonalRender(undefined, "1")).toBe(true);
  });
});

describe("service page copy", () => {
  it("cites only sources that exist, with official https URLs", () => {
    const cited = [
      ...Object.values(landingPages).flatMap((p) => [
        ...p.risks,
        ...p.process,
        ...(p.whatIs?.paragraphs ?? []),
        ...(p.whyChoose?.cards ?? []),
      ]),
      ...Object.values(utahPages).flatMap((p) => p.sections.flatMap((s) => s.paragraphs)),
    ].flatMap((fact) => (fact.source ? [fact.source] : []));
    expect(cited.length).toBeGreaterThan(10);
    for (const id of cited) {
      expect(sources[id].url).toMatch(
        /^https:\/\/(www\.)?(epa|usgs|energy)\.gov\/|^https:\/\/deq\.utah\.gov\/|^https:\/\/utahmapstore\.com\//,
      );
    }
  });

  it("has exactly three process steps per service and three radon 'Why choose' cards", () => {
    for (const page of Object.values(landingPages)) expect(page.process).toHaveLength(3);
    expect(landingPages.radon.whyChoose?.cards).toHaveLength(3);
  });
});
