/**
 * Zod without its `new Function` probe in the browser: under our strict CSP (no 'unsafe-eval')
 * the probe is reported as a CSP violation (Lighthouse Best Practices: inspector issue) even
 * though zod catches it. The server keeps zod's faster compiled parsers. Schema modules import
 * this first.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
