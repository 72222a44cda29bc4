import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { PUBLISHED_POSTS } from "./fixtures";
import { expectNoAxeViolations, hydrated } from "./helpers";

const landing = [
  {
    path: "/products/water-filtration-remediation",
    title: "Water Filtration Remediation",
    quote: "/quotes/water-filtration-remediation",
    facts: [/coliform bacteria, nitrates/, /calcium and magnesium/],
    sources: [/Protect Your Home's Water/, /Hardness of Water/],
  },
  {
    path: "/products/mold-remediation",
    title: "Mold Remediation",
    quote: "/quotes/mold-remediation",
    facts: [/less than about 10 square feet/, /within 24 to 48 hours/],
    sources: [/A Brief Guide to Mold, Moisture, and Your Home/],
  },
  {
    path: "/products/radon-remediation",
    title: "Radon Remediation",
    quote: "/quotes/radon-remediation",
    facts: [
      /4 picocuries per liter \(pCi\/L\) or higher/,
      /number one cause of lung cancer among non-smokers/,
      /minimum test period of 48 hours/,
    ],
    sources: [/A Citizen's Guide to Radon/, /Health Risk of Radon/],
  },
];

/** A publication a fact rests on, as the page must name it (publisher, title, official host). */
const epa = "U.S. Environmental Protection Agency";
const usgs = "U.S. Geological Survey";
const utahDeq = "Utah Department of Environmental Quality";
const ugs = "Utah Geological Survey";
const moldGuide = {
  publisher: epa,
  title: "A Brief Guide to Mold, Moisture, and Your Home",
  host: "www.epa.gov",
};

const utah = [
  {
    path: "/products/water-filtration-remediation/utah",
    heading: "Water Filtration Remediation in Utah",
    local: [/Hard water along the Wasatch Front/, /Private wells in rural Utah/],
    quote: "/quotes/water-filtration-remediation",
    facts: [
      {
        text: /much of Utah in the hard and very hard ranges.*above 120 milligrams per liter/,
        publisher: usgs,
        title: "Do you have information about water hardness in the United States?",
        host: "www.usgs.gov",
      },
      {
        text: /Hard water is not a health hazard, but it shortens the life of water heaters/,
        publisher: usgs,
        title: "Hardness of Water (Water Science School)",
        host: "www.usgs.gov",
      },
      {
        text: /EPA recommends testing private wells every year for total coliform bacteria, nitrates/,
        publisher: epa,
        title: "Protect Your Home's Water (Private Drinking Water Wells)",
        host: "www.epa.gov",
      },
    ],
  },
  {
    path: "/products/mold-remediation/utah",
    heading: "Mold Remediation in Utah",
    local: [/Evaporative \(swamp\) coolers/, /Basements, spring runoff/],
    quote: "/quotes/mold-remediation",
    facts: [
      {
        text: /Evaporative coolers suit dry climates like ours because they cool air by evaporating water/,
        publisher: "U.S. Department of Energy",
        title: "Evaporative Coolers (Energy Saver)",
        host: "www.energy.gov",
      },
      { text: /keeping indoor humidity below 60 percent, ideally between 30 and 50/, ...moldGuide },
      {
        text: /Snowmelt, sprinklers and irrigation water.*dried within 24 to 48 hours/,
        ...moldGuide,
      },
      { text: /warm indoor air condenses on windows, cold walls and in attics/, ...moldGuide },
    ],
  },
  {
    path: "/products/radon-remediation/utah",
    heading: "Radon Remediation in Utah",
    local: [/Utah Department of Environmental Quality/, /Utah Geological Survey/],
    quote: "/quotes/radon-remediation",
    facts: [
      {
        text: /about 30 percent of Utah homes may be above the EPA action level of 4 pCi\/L/,
        publisher: utahDeq,
        title: "Real Estate Transactions in Utah (radon)",
        host: "deq.utah.gov",
      },
      {
        text: /offers low-cost test kits to Utah residents and publishes test results by ZIP code/,
        publisher: utahDeq,
        title: "Radon: 2018 State of the Environment Report",
        host: "deq.utah.gov",
      },
      {
        text: /radon-hazard-potential map rates areas of the state by uranium in the soil/,
        publisher: ugs,
        title: "The radon-hazard-potential map of Utah (Map 149)",
        host: "utahmapstore.com",
      },
      {
        text: /average indoor radon of 3\.8 pCi\/L on the east bench of Sandy.*2\.9 pCi\/L on the east bench of Provo/,
        publisher: ugs,
        title:
          "Radon-hazard potential of the Sandy and Provo areas, Salt Lake and Utah Counties (Special Study 85)",
        host: "utahmapstore.com",
      },
      {
        text: /only a test of your own home tells you its level. We test for a minimum of 48 hours/,
        publisher: epa,
        title:
          "A Citizen's Guide to Radon: The Guide to Protecting Yourself and Your Family from Radon",
        host: "www.epa.gov",
      },
    ],
  },
];

/** Every public page and what makes its metadata its own. */
const publicPages = [
  "/",
  "/products",
  ...landing.map((p) => p.path),
  ...utah.map((p) => p.path),
  "/quotes/water-filtration-remediation",
  "/quotes/mold-remediation",
  "/quotes/radon-remediation",
];

async function breadcrumb(page: Page) {
  return page.getByRole("navigation", { name: "Breadcrumb" });
}

test.describe("/products", () => {
  test("lists the three services with 'Learn More' and 'Get a Quote'", async ({ page }) => {
    await page.goto("/products");
    await expect(
      page.getByRole("heading", { level: 1, name: "Our Remediation Services" }),
    ).toBeVisible();
    for (const service of landing) {
      await expect(
        page.getByRole("link", { name: `Learn More about ${service.title}` }),
      ).toHaveAttribute("href", service.path);
      await expect(
        page.getByRole("link", { name: `Get a Quote for ${service.title}` }),
      ).toHaveAttribute("href", service.quote);
    }
    const trail = await breadcrumb(page);
    await expect(trail.getByRole("link")).toHaveText(["Home"]);
    await expect(trail.locator('[aria-current="page"]')).toHaveText("Products");

    await page.getByRole("link", { name: "Learn More about Mold Remediation" }).click();
    await expect(page).toHaveURL(/\/products\/mold-remediation$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mold Remediation" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Get a Quote for Radon Remediation" }).click();
    await expect(page.getByRole("heading", { name: "Radon Testing Assessment" })).toBeVisible();
  });
});

test.describe("service landing pages", () => {
  for (const service of landing) {
    test(`${service.title}: hero, risks, three steps, sourced facts, closing call to action`, async ({
      page,
    }) => {
      await page.goto(service.path);
      await expect(page.getByRole("heading", { level: 1, name: service.title })).toBeVisible();
      const hero = page.getByRole("main").getByRole("img").first();
      await expect(hero).toBeVisible();
      await expect(hero).toHaveAttribute("alt", /Illustration of/);
      await expect(hero).toHaveAttribute("loading", "eager");
      await expect(hero).toHaveAttribute("fetchpriority", "high");
      await expect(hero).toHaveAttribute("width", "640");
      await expect(hero).toHaveAttribute("height", "480");
      await expect(page.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute(
        "href",
        service.quote,
      );
      await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: /^[123]\. / })).toHaveCount(3);
      for (const fact of service.facts) await expect(page.getByText(fact).first()).toBeVisible();
      await expect(page.getByText(/24\/7/).first()).toBeVisible();
      await expect(page.getByText(/EPA guidelines/).first()).toBeVisible();

      const sources = page.getByRole("region", { name: "Sources" });
      for (const title of service.sources) await expect(sources.getByText(title)).toBeVisible();
      for (const link of await sources.getByRole("link").all()) {
        await expect(link).toHaveAttribute("href", /^https:\/\/(www\.)?(epa|usgs)\.gov\//);
      }

      await expect(page.getByRole("heading", { name: "Get Your Free Quote Today" })).toBeVisible();
      await expect(
        page.getByRole("link", { name: `Request a Free ${service.title} Quote` }),
      ).toHaveAttribute("href", service.quote);

      const trail = await breadcrumb(page);
      await expect(trail.getByRole("link")).toHaveText(["Home", "Products"]);
      await expect(trail.locator('[aria-current="page"]')).toHaveText(service.title);
      await trail.getByRole("link", { name: "Products" }).click();
      await expect(page).toHaveURL(/\/products$/);
    });
  }

  test("the mold page's third step states the EPA humidity figures with their source", async ({
    page,
  }) => {
    await page.goto("/products/mold-remediation");
    const step = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "3. Dry, repair and prevent" }) });
    await expect(step).toContainText("below 60 percent, ideally between 30 and 50 percent");
    await expect(step.getByText(/^Source: /)).toHaveText(
      `Source: ${moldGuide.publisher}, ${moldGuide.title}`,
    );
  });

  test("the radon page explains radon and gives three reasons to choose us", async ({ page }) => {
    await page.goto("/products/radon-remediation");
    await expect(page.getByRole("heading", { name: "What is Radon?" })).toBeVisible();
    const why = page.getByRole("region", { name: "Why choose us for radon" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveCount(3);
  });

  test("'Get a Free Quote' opens the matching form", async ({ page }) => {
    await page.goto("/products/water-filtration-remediation");
    await page.getByRole("link", { name: "Get a Free Quote" }).click();
    await expect(page.getByRole("heading", { name: "Water Filtration Assessment" })).toBeVisible();
  });
});

test.describe("hero image placeholder", () => {
  test("shows when the image failed before the page hydrated", async ({ page }) => {
    await page.route("**/images/radon-remediation.svg", (route) => route.abort());
    await page.goto("/products/radon-remediation");
    // the placeholder keeps the image's name and says the image is missing
    const placeholder = page.getByRole("img", { name: /radon mitigation vent pipe/ });
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toContainText("Image unavailable");
  });

  test("shows when the image fails after hydration (client-side navigation)", async ({ page }) => {
    await page.goto("/products");
    // public pages load their scripts after the first paint: a click before hydration is a
    // document navigation, which the other test covers
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.route("**/images/mold-remediation.svg", (route) => route.abort());
    await page.getByRole("link", { name: "Learn More about Mold Remediation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mold Remediation" })).toBeVisible();
    await expect(page.getByRole("img", { name: /damp basement wall/ })).toContainText(
      "Image unavailable",
    );
    // the navigation happened in the hydrated app, so React's onError showed the placeholder
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
  });
});

test.describe("Utah pages", () => {
  for (const local of utah) {
    test(`${local.heading}: local content, service area, call to action`, async ({ page }) => {
      await page.goto(local.path);
      await expect(page.getByRole("heading", { level: 1, name: local.heading })).toBeVisible();
      for (const text of local.local) await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Where we serve in Utah" })).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: "Salt Lake County" }),
      ).toBeVisible();
      await expect(page.getByText(/Wasatch Front/).first()).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Sources" }).getByRole("link").first(),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute(
        "href",
        local.quote,
      );
      const trail = await breadcrumb(page);
      await expect(trail.getByRole("link")).toHaveText([
        "Home",
        "Products",
        local.heading.replace(" in Utah", ""),
      ]);
      await expect(trail.locator('[aria-current="page"]')).toHaveText("Utah");
    });

    test(`${local.heading}: each local fact names its source under it and in the Sources list`, async ({
      page,
    }) => {
      await page.goto(local.path);
      const sources = page.getByRole("region", { name: "Sources" });
      for (const fact of local.facts) {
        const paragraph = page.getByRole("paragraph").filter({ hasText: fact.text });
        await expect(paragraph, String(fact.text)).toBeVisible();
        // the note right under the fact: "Source: <publisher>, <publication>" linking to it
        const note = paragraph.locator("xpath=following-sibling::p[1]");
        await expect(note, String(fact.text)).toHaveText(
          `Source: ${fact.publisher}, ${fact.title}`,
        );
        const link = note.getByRole("link", { name: fact.title, exact: true });
        expect(new URL((await link.getAttribute("href")) ?? "").host).toBe(fact.host);
        await expect(
          sources.getByRole("listitem").filter({ hasText: `${fact.publisher}, ${fact.title}` }),
        ).toHaveCount(1);
      }
    });
  }

  test("the Utah mold page makes no claim of its own about how often mold is found", async ({
    page,
  }) => {
    await page.goto("/products/mold-remediation/utah");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/every week|our crews find/i)).toHaveCount(0);
    // the intro names both indoor and outdoor water, as the sections below it describe
    await expect(page.getByText(/Indoors, the moisture comes from/)).toBeVisible();
    await expect(page.getByText(/outdoors, snowmelt and sprinkler water/)).toBeVisible();
  });
});

test("unknown product pages answer 404 with the not-found page", async ({ page }) => {
  for (const path of [
    "/products/foo",
    "/products/mold-remediation/texas",
    "/products/radon-remediation/utah/extra",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }), path).toBeVisible();
  }
});

test.describe("search visibility", () => {
  // the head as served (prerendered or rendered), read without running the page's scripts: one
  // page per path is enough, a context per path only cost browser start-up
  test("every public page: title, description, canonical URL and social tags", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of publicPages) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toMatch(/\| Utah Home Remediation$/);
      const description = page.locator('head meta[name="description"]');
      await expect(description, path).toHaveAttribute("content", /.{50,}/);
      const canonical = path === "/" ? `${baseURL}/` : `${baseURL}${path}`;
      await expect(page.locator('head link[rel="canonical"]'), path).toHaveAttribute(
        "href",
        canonical,
      );
      await expect(page.locator('head meta[property="og:url"]'), path).toHaveAttribute(
        "content",
        canonical,
      );
      await expect(page.locator('head meta[property="og:title"]'), path).toHaveAttribute(
        "content",
        title,
      );
      await expect(page.locator('head meta[property="og:image"]'), path).toHaveAttribute(
        "content",
        `${baseURL}/og-image.png`,
      );
      await expect(page.locator('head meta[property="og:image:width"]'), path).toHaveAttribute(
        "content",
        "1200",
      );
      await expect(page.locator('head meta[name="twitter:card"]'), path).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      await expect(page.locator('head meta[name="twitter:image"]'), path).toHaveAttribute(
        "content",
        `${baseURL}/og-image.png`,
      );
      await expect(page.locator('head meta[name="robots"]'), path).toHaveCount(0);
    }
    await context.close();
  });

  test("no two public pages share a title or a description", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicPages) {
      const html = await (await request.get(path)).text();
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    }
    expect(titles.size).toBe(publicPages.length);
    expect(descriptions.size).toBe(publicPages.length);
  });

  test("the Open Graph image is a 1200x630 PNG", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    // PNG signature, then the IHDR chunk: width and height as 32-bit big-endian integers
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  async function jsonLdOf(request: import("@playwright/test").APIRequestContext, path: string) {
    const html = await (await request.get(path)).text();
    return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "") as Record<string, unknown>,
    );
  }

  test("JSON-LD: the business on home and Utah pages, Service on landing pages, BreadcrumbList under /products", async ({
    request,
  }) => {
    const home = await jsonLdOf(request, "/");
    const business = home.find((o) => o["@type"] === "HomeAndConstructionBusiness");
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      name: "Utah Home Remediation",
      url: `${baseURL}/`,
      areaServed: { "@type": "State", name: "Utah" },
      openingHours: "Mo-Su 00:00-23:59",
      openingHoursSpecification: { opens: "00:00", closes: "23:59" },
    });

    for (const service of landing) {
      const objects = await jsonLdOf(request, service.path);
      expect(
        objects.find((o) => o["@type"] === "Service"),
        service.path,
      ).toMatchObject({
        name: service.title,
        url: `${baseURL}${service.path}`,
        provider: { name: "Utah Home Remediation" },
        areaServed: { name: "Utah" },
      });
      const crumbs = objects.find((o) => o["@type"] === "BreadcrumbList") as {
        itemListElement: { position: number; name: string; item: string }[];
      };
      expect(crumbs.itemListElement.map((i) => [i.position, i.name, i.item])).toEqual([
        [1, "Home", `${baseURL}/`],
        [2, "Products", `${baseURL}/products`],
        [3, service.title, `${baseURL}${service.path}`],
      ]);
    }

    for (const local of utah) {
      const objects = await jsonLdOf(request, local.path);
      const utahBusiness = objects.find((o) => o["@type"] === "HomeAndConstructionBusiness");
      expect(utahBusiness, local.path).toMatchObject({ openingHours: "Mo-Su 00:00-23:59" });
      expect(utahBusiness?.areaServed).toContainEqual({ "@type": "State", name: "Utah" });
      const crumbs = objects.find((o) => o["@type"] === "BreadcrumbList") as {
        itemListElement: { name: string }[];
      };
      expect(crumbs.itemListElement.at(-1)?.name).toBe("Utah");
    }

    const products = await jsonLdOf(request, "/products");
    expect(products.map((o) => o["@type"])).toContain("BreadcrumbList");
  });

  test("private pages carry noindex", async ({ page }) => {
    for (const path of ["/auth/signin", "/auth/signup", "/quotes/confirmation", "/account/setup"]) {
      await page.goto(path);
      await expect(page.locator('head meta[name="robots"]'), path).toHaveAttribute(
        "content",
        "noindex",
      );
    }
    await page.goto("/account/profile"); // redirected to sign-in
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  // every article it lists must answer 200: no post is unpublished meanwhile
  test("/sitemap.xml parses as XML and lists exactly the public pages with lastmod", {
    lock: PUBLISHED_POSTS,
  }, async ({ page, request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    await page.goto("/");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: doc.documentElement.namespaceURI,
        urls: [...doc.getElementsByTagNameNS(ns, "url")].map((url) => ({
          loc: url.getElementsByTagNameNS(ns, "loc")[0]?.textContent,
          lastmod: url.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent,
        })),
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = parsed.urls.map((u) => u.loc ?? "");
    const articles = locs.filter((loc) => new URL(loc).pathname.startsWith("/blog/"));
    expect(locs.filter((loc) => !articles.includes(loc)).sort()).toEqual(
      [...publicPages, "/blog"].map((p) => new URL(p, baseURL).href).sort(),
    );
    // the articles seeded on first start, each with its own entry
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const url of parsed.urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const url of parsed.urls) {
      expect((await request.get(url.loc ?? "")).status(), url.loc ?? "").toBe(200);
    }
  });

  test("/robots.txt disallows the private areas and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/account", "/admin", "/auth", "/quotes/confirmation"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith("Disallow:"))).toHaveLength(4);
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("prerendered pages", () => {
  test("are served as files: strict CSP by hash, revalidating HTML, year-long hashed assets", async ({
    page,
    request,
  }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    const response = await page.goto("/products/radon-remediation");
    const headers = response?.headers() ?? {};
    const scriptSrc =
      /script-src ([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
    expect(scriptSrc).toContain("'sha256-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("nonce-");
    expect(headers["cache-control"]).toBe("no-cache");
    const etag = headers.etag ?? "";
    expect(etag).not.toBe("");
    const again = await request.get("/products/radon-remediation", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status()).toBe(304);

    // hydrated despite the CSP: client-side navigation works and nothing was blocked
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Our Remediation Services" }),
    ).toBeVisible();
    expect(problems).toEqual([]);

    const html = await (await request.get("/products/radon-remediation")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    expect(asset).not.toBe("");
    const assetResponse = await request.get(asset);
    const assetHeaders = assetResponse.headers();
    expect(assetHeaders["cache-control"]).toBe("public, max-age=31536000, immutable");
    // a script gets what applies to files, not the document headers (1.5 KB on every file)
    expect(assetHeaders["x-content-type-options"]).toBe("nosniff");
    expect(assetHeaders["content-security-policy"]).toBeUndefined();
    expect(assetHeaders["permissions-policy"]).toBeUndefined();
  });
});

test("/products, the landing and the Utah pages have no axe violations", async ({ page }) => {
  for (const path of ["/products", ...landing.map((p) => p.path), ...utah.map((p) => p.path)]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test.describe("navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  async function tabTo(page: Page, name: string | RegExp) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      if (typeof name === "string" ? focused === name : name.test(focused)) return;
    }
    throw new Error(`never reached ${name} with Tab`);
  }

  const keyboardTargets = [
    ...landing.map((s) => ({
      label: s.title,
      link: new RegExp(`^${s.title}`),
      url: s.path,
      utah: 0,
    })),
    ...utah.map((s, i) => ({ label: s.heading, link: "Utah", url: s.path, utah: i + 1 })),
  ];
  for (const target of keyboardTargets) {
    test(`keyboard only: the header's services menu reaches ${target.label}`, async ({ page }) => {
      await page.goto("/");
      // the menu opens with the page's scripts, which load after its first paint
      await hydrated(page);
      await tabTo(page, "Our Services");
      await page.keyboard.press("Enter");
      if (target.utah) {
        // the n-th service's "Utah" location link
        for (let i = 0; i < target.utah; i++) await tabTo(page, "Utah");
      } else {
        await tabTo(page, target.link);
      }
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${target.url}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("keyboard only: the home page's link reaches /products", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, "Compare our services and how each one works");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/products$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Our Remediation Services" }),
    ).toBeVisible();
  });

  const formHeadings: Record<string, string> = {
    "/quotes/water-filtration-remediation": "Water Filtration Assessment",
    "/quotes/mold-remediation": "Mold Assessment Request",
    "/quotes/radon-remediation": "Radon Testing Assessment",
  };
  for (const service of landing) {
    test(`keyboard only: ${service.title}'s landing page reaches its quote form`, async ({
      page,
    }) => {
      await page.goto(service.path);
      await tabTo(page, "Get a Free Quote");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${service.quote}$`));
      await expect(
        page.getByRole("heading", { level: 1, name: formHeadings[service.quote] }),
      ).toBeVisible();
      // and on into the form: Tab reaches its first question
      let inForm = false;
      for (let i = 0; i < 40 && !inForm; i++) {
        await page.keyboard.press("Tab");
        inForm = await page.evaluate(() => {
          const active = document.activeElement;
          return (
            active instanceof HTMLElement &&
            active.closest("form[method=post]") !== null &&
            ["INPUT", "SELECT", "TEXTAREA"].includes(active.tagName) &&
            active.getAttribute("type") !== "hidden" &&
            active.offsetParent !== null
          );
        });
      }
      expect(inForm, "a form field took the focus").toBe(true);
    });
  }

  test("every link on the home page, in the header menu and in the footer answers 200", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Our Services" })
      .click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Utah" }),
    ).toHaveCount(3);
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const unique = [...new Set(hrefs.map((h) => h.split("#")[0] ?? ""))];
    for (const path of [...publicPages.filter((p) => p !== "/"), "/products"]) {
      expect(unique, `home/header/footer link to ${path}`).toContain(path);
    }
    expect(unique).toContain("/blog");
    for (const path of unique) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});
