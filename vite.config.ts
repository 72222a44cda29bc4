import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * React Router prerenders through Vite's preview server and gives each request 10 s, the first
 * one included, which imports the server build: on a busy machine that import alone takes longer.
 * Importing it before the preview server listens puts it in the module cache first.
 */
function warmServerBuildForPrerender(): Plugin {
  return {
    name: "warm-server-build-for-prerender",
    async configurePreviewServer() {
      // prerendered pages are the same for every deployment and read no database: a DATABASE_URL
      // in the build's environment (CI, a deploy) must not bring its production rules (AUTH_SECRET)
      delete process.env.DATABASE_URL;
      const serverBuild = path.resolve(import.meta.dirname, "build/server/index.js");
      if (fs.existsSync(serverBuild)) await import(pathToFileURL(serverBuild).href);
    },
  };
}

/**
 * Brotli copies (`name.br`, best quality) of the browser's scripts and styles, served by
 * server.ts (lib/precompressed.server.ts) in place of on-the-fly compression: about 14% fewer
 * bytes than Brotli quality 4 or gzip (issue 16 point 11: the quote forms' JavaScript budget).
 */
function brotliCopies(): Plugin {
  return {
    name: "brotli-copies",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      if (!options.dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(options.dir, fileName);
        if (!fs.existsSync(file)) continue;
        const source = fs.readFileSync(file);
        const compressed = zlib.brotliCompressSync(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        fs.writeFileSync(`${file}.br`, compressed);
      }
    },
  };
}

/**
 * The browser's chunks: React and React Router in one, and the small modules every page's layout
 * uses (header, footer, analytics, logger, catalog) in another. Left to itself the bundler made
 * two dozen files of a few hundred bytes each, and every file costs a request and its headers:
 * about a tenth of a marketing page's JavaScript transfer (budget 130 KB, DESIGN section 7).
 * The dashboard shell (with its Radix tooltip) stays out: only account and admin pages use it.
 */
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|@react-router)[\\/]/,
      priority: 2,
    },
    {
      name: "site",
      test: /app[\\/](components[\\/](layout(?![\\/]dashboard-shell)|ui[\\/](button|card|toaster|without-javascript))|lib[\\/](utils|client-log|seo|breadcrumbs|page-scripts)|features[\\/](analytics|catalog[\\/](company|services|define-enum|icons|structured-data|service-area)))[\\/.]/,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), warmServerBuildForPrerender(), brotliCopies()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: clientChunks } } },
}));
