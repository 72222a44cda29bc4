import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), warmServerBuildForPrerender()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
});
