/**
 * The web server: Express 5 in front of the React Router build. Security headers, compression,
 * static assets, the request context, and a graceful stop on SIGTERM.
 * Run with Node 24 (type stripping): `node server.ts` after `react-router build`, or
 * `node server.ts --dev` (`npm run dev`) for Vite's dev server with hot reload in front of the app.
 */
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import permissionsPolicy from "permissions-policy";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { precompressedFiles } from "./app/lib/precompressed.server.ts";
import { loadPrerenderedPages, needsPersonalRender } from "./app/lib/prerendered.server.ts";
import { isTokenPath } from "./app/lib/token-paths.ts";

const vite = process.argv.includes("--dev")
  ? await (await import("vite")).createServer({ server: { middlewareMode: true } })
  : undefined;
const productionBuild = vite
  ? undefined
  : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
/** The app; in development reloaded by Vite when its files change. */
async function loadBuild(): Promise<ServerBuild> {
  return (
    productionBuild ??
    ((await vite?.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild)
  );
}
const entry = async () => (await loadBuild()).entry.module as typeof import("./app/entry.server");
const app = await entry();

let settings: ReturnType<typeof app.serverSettings>;
try {
  settings = app.serverSettings();
  await app.startServices();
} catch (error) {
  console.error(
    `\nThe server could not start: ${error instanceof Error ? error.message : error}\n`,
  );
  process.exit(1);
}

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", settings.trustProxy);

// Prometheus metrics (app/lib/metrics.server.ts): every request's time by route pattern, which
// the root middleware reports through the request context (files have none)
const metrics = app.metricsSettings();
const serveMetrics: express.RequestHandler = async (_req, res, next) => {
  try {
    const { contentType, body } = await app.metricsText();
    res.set({ "Content-Type": contentType, "Cache-Control": "no-store" }).send(body);
  } catch (error) {
    next(error);
  }
};
if (metrics.token) {
  server.get(
    "/metrics",
    (req, res, next) => {
      if (app.hasMetricsToken(req.get("authorization"))) return next();
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" })
        .type("text/plain")
        .send("A metrics token is needed.\n");
    },
    serveMetrics,
  );
}
server.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = (res.locals.route as string | undefined) ?? app.NO_ROUTE;
    app.observeRequest(req.method, route, res.statusCode, seconds);
  });
  next();
});

server.use(compression());
// two years, subdomains included; only a production site served over HTTPS may pin it
const strictTransportSecurity =
  settings.isProduction && settings.https
    ? { maxAge: 63072000, includeSubDomains: true }
    : (false as const);
if (!vite) {
  // Scripts, styles, images and icons: the document headers (CSP, Permissions-Policy, frame and
  // referrer rules, about 1.5 KB) mean nothing on them and were a fifth of every page's script
  // transfer, so files get only what applies to them.
  const fileHeaders = [
    helmet.xContentTypeOptions(),
    helmet.crossOriginResourcePolicy(),
    ...(strictTransportSecurity ? [helmet.strictTransportSecurity(strictTransportSecurity)] : []),
  ];
  server.use(
    "/assets",
    fileHeaders,
    // Brotli copies made at build time (vite.config.ts), else the file compressed on the fly
    precompressedFiles("build/client/assets", 365 * 24 * 3600),
    express.static("build/client/assets", { immutable: true, maxAge: "1y", redirect: false }),
  );
  // other public files; the prerendered pages' HTML and .data go through the handlers below
  // (their loader data is per request)
  const publicFiles = express
    .Router()
    .use(
      fileHeaders,
      express.static("build/client", { maxAge: "1h", redirect: false, index: false }),
    );
  server.use((req, res, next) =>
    req.path.endsWith(".data") || req.path.endsWith("/index.html") || req.path.endsWith("/")
      ? next()
      : publicFiles(req, res, next),
  );
}

server.use((req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  res.locals.requestId = (req.get("x-request-id") ?? randomUUID()).slice(0, 100);
  next();
});
// Google Tag Manager's hosts, allowed only when GTM_ID is set (its documented CSP)
const tagManagerHosts = settings.tagManager ? ["https://www.googletagmanager.com"] : [];
const analyticsHosts = settings.tagManager
  ? ["https://*.google-analytics.com", "https://*.analytics.google.com"]
  : [];
// A 304 lets the browser reuse its cached page, whose scripts carry that page's nonce: a fresh
// CSP (new nonce) on the 304 would replace the stored one and block them, so it keeps the old.
server.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    if (res.statusCode === 304 || args[0] === 304) res.removeHeader("Content-Security-Policy");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});
server.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
          ...tagManagerHosts,
        ],
        // Radix and sonner set inline styles at runtime
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...tagManagerHosts, ...analyticsHosts],
        // Vite's hot-reload socket (development only) is on its own port
        connectSrc: [
          "'self'",
          ...(vite ? ["ws://localhost:*"] : []),
          ...tagManagerHosts,
          ...analyticsHosts,
        ],
        frameAncestors: ["'none'"],
        // a provider sign-in form is answered with a redirect to the provider
        formAction: ["'self'", ...settings.signInProviderOrigins, ...settings.paymentPageOrigins],
        // the site sets no <base>; an injected one could redirect every relative URL
        baseUri: ["'none'"],
        upgradeInsecureRequests: settings.https ? [] : null,
      },
    },
    strictTransportSecurity,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  }),
);
// a page whose address carries a token (a status link...) never sends it on in a Referer; a
// route's own Referrer-Policy (a private page's no-referrer) replaces the site's default instead
// of being sent as a second value (React Router's adapter appends every header of the response)
server.use((req, res, next) => {
  if (isTokenPath(req.path)) res.setHeader("Referrer-Policy", "no-referrer");
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) =>
    field.toLowerCase() === "referrer-policy" && value !== undefined
      ? res.set(field, value)
      : append(field, value);
  next();
});
// every powerful feature off: the site uses none (only features Chromium knows, so no console errors)
server.use(
  permissionsPolicy({
    features: Object.fromEntries(
      [
        "accelerometer",
        "autoplay",
        "browsingTopics",
        "camera",
        "displayCapture",
        "encryptedMedia",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "hid",
        "idleDetection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "pictureInPicture",
        "publickeyCredentialsGet",
        "screenWakeLock",
        "serial",
        "usb",
        "xrSpatialTracking",
      ].map((feature) => [feature, []]),
    ),
  }),
);
if (vite) {
  server.use(vite.middlewares);
} else {
  // Prerendered marketing pages (react-router.config `prerender`) as files: their inline scripts
  // are allowed by hash, as a static page cannot carry a per-request nonce; HTML revalidates.
  // with a tag manager configured, pages are rendered per request (its script follows GTM_ID and
  // Global Privacy Control at run time, not at build time)
  const prerendered = settings.tagManager
    ? new Map<string, never>()
    : loadPrerenderedPages("build/client", settings.publicUrl, settings.companyContact);
  server.use((req, res, next) => {
    const page = (req.method === "GET" || req.method === "HEAD") && prerendered.get(req.path);
    if (!page || needsPersonalRender(req.get("cookie"), req.get("sec-gpc"))) return next();
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    res.setHeader(
      "Content-Security-Policy",
      csp.replace(/'nonce-[^']*'/, page.scriptHashes.join(" ") || "'none'"),
    );
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", page.etag);
    res.type("html");
    res.send(page.body); // answers 304 itself when If-None-Match matches the ETag
  });
}

// cross-site form posts are refused here, before the router reads them (CSRF, DESIGN section 5)
server.use(app.refuseCrossSiteMutations);
server.use(
  createRequestHandler({
    build: productionBuild ?? loadBuild,
    async getLoadContext(req, res) {
      const { requestContext } = vite ? await entry() : app;
      const context = new RouterContextProvider();
      context.set(requestContext, {
        clientIp: req.ip,
        nonce: res.locals.nonce as string,
        requestId: res.locals.requestId as string,
        onRoute: (pattern) => {
          res.locals.route = pattern;
        },
      });
      return context;
    },
  }),
);

const listener = server.listen(settings.port, () => {
  console.log(`Server ready at http://localhost:${settings.port} (Node ${process.version})`);
});
// metrics alone on a port of their own, for a scraper the firewall lets through
const metricsListener = metrics.port
  ? express()
      .disable("x-powered-by")
      .get("/metrics", serveMetrics)
      .listen(metrics.port, () => console.log(`Metrics on port ${metrics.port}`))
  : undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // /readyz answers 503 from now on: a proxy checking it stops sending before the process goes
  app.beginShutdown();
  console.log(`${signal} received: finishing in-flight requests`);
  const force = setTimeout(() => {
    console.error("Shutdown took too long; exiting");
    process.exit(1);
  }, 25_000);
  force.unref();
  metricsListener?.close();
  listener.close(async () => {
    try {
      await app.stopServices();
      await vite?.close();
      console.log("Stopped cleanly");
      process.exit(0);
    } catch (error) {
      console.error("Error while stopping", error);
      process.exit(1);
    }
  });
  // open admin event streams never end by themselves; their browsers reconnect to the next server
  app.endLiveStreams();
  listener.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
