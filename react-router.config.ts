import type { Config } from "@react-router/dev/config";
import { marketingPaths } from "./app/features/catalog/public-pages";

export default {
  ssr: true,
  // the marketing pages are static: rendered once at build time, served as files by server.ts
  prerender: () => marketingPaths(),
} satisfies Config;
