/**
 * Estimate rendering cost (DESIGN section 7: page < 20 ms server time, PDF < 300 ms) for a
 * signed 3-option, 30-line estimate. In process (no database, content built in memory): the view
 * model and the PDF (@react-pdf/renderer) with its signature. Then the real pages through the
 * production server on PGlite: GET /estimates/{token} (loader, database, server render) and its
 * PDF, one request at a time. Prints median and p99 wall-clock milliseconds and median CPU
 * milliseconds (in process: CPU time says more than wall time on a shared machine). Asserts
 * nothing.
 *
 *   npm run build && npm run bench:estimates   # N=300 pages, PDF_N=40 PDFs (after warm-up);
 *                                              # BENCH_PORT (default 3300) for the server
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";

process.env.NODE_ENV = "production"; // React's production build, as the server runs it
const sharp = (await import("sharp")).default;
const { estimateContent } = await import("../app/features/estimates/content");
const { estimateViewModel } = await import("../app/features/estimates/view-model");
const { renderEstimatePdf } = await import("../app/features/estimates/estimate-pdf.server");

const pageRuns = Number(process.env.N ?? 300);
const pdfRuns = Number(process.env.PDF_N ?? 40);

const units = ["each", "hour", "sq_ft", "test"] as const;
const content = estimateContent(
  {
    options: ["Passive system", "Active sub-slab system", "Active system + sealing"].map(
      (name, o) => ({
        name,
        lines: Array.from({ length: 10 }, (_, i) => ({
          priceBookItemId: null,
          name: `Line ${o * 10 + i + 1}: radon mitigation material or labor item`,
          description: "Sample price: supplied and installed to ANSI/AARST standards.",
          unit: units[i % units.length] as (typeof units)[number],
          quantityThousandths: 1000 + i * 1500,
          unitPriceCents: 4_500 + i * 12_345,
          taxable: i % 3 === 0,
        })),
      }),
    ),
    discount: { kind: "percent", basisPoints: 500 },
    taxRateBasisPoints: 725,
    terms: "Payment is due on completion.\n\nRadon systems come with a post-mitigation test.",
    validUntil: "2026-12-25",
  },
  {
    id: "1a2b3c4d-0000-4000-8000-000000000000",
    reference: "1a2b3c4d",
    service: "radon",
    requesterName: "Ann Lee",
    propertyLines: ["12 Elm St", "Sandy, UT 84070"],
  },
  2,
  new Date("2026-11-25T18:00:00Z"),
);
const signature = await sharp({
  create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
})
  .composite([
    {
      input: Buffer.from(
        '<svg width="600" height="200"><path d="M20 150 C 120 20, 240 20, 580 140" stroke="black" fill="none" stroke-width="4"/></svg>',
      ),
    },
  ])
  .png()
  .toBuffer();
const record = {
  status: "accepted" as const,
  contentSha256: "0".repeat(64),
  acceptance: {
    optionIndex: 2,
    signerName: "Ann Lee",
    signaturePng: signature,
    acceptedAt: new Date("2026-11-26T17:00:00Z"),
    contentSha256: "0".repeat(64),
  },
  decline: null,
};
const now = new Date("2026-11-26T18:00:00Z");

async function measure(label: string, runs: number, once: () => unknown) {
  for (let i = 0; i < Math.min(20, runs); i++) await once(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await once();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[
      Math.min(values.length - 1, Math.ceil(q * values.length) - 1)
    ] ?? 0;
  console.log(
    `${label.padEnd(36)} median ${at(wall, 0.5).toFixed(2)} ms  p99 ${at(wall, 0.99).toFixed(2)} ms  CPU median ${at(cpu, 0.5).toFixed(2)} ms  (n=${runs})`,
  );
}

await measure("view model", pageRuns, () => estimateViewModel(content, record, now));
let pdfBytes = 0;
await measure("view model + PDF (signed)", pdfRuns, async () => {
  pdfBytes = (await renderEstimatePdf(estimateViewModel(content, record, now))).length;
});
console.log(`in process: PDF ${pdfBytes} bytes; 3 options x 10 lines`);

// The real pages through the production server (`npm run build` first): a signed 3-option,
// 30-line estimate written through the feature functions into a fresh PGlite database, then
// GET /estimates/{token} (loader + server render) and its PDF, one request at a time.
const { freshDatabase } = await import("../tests/setup/database");
const { makeUser } = await import("../tests/setup/admin");
const { formData, validAnswers } = await import("../tests/setup/forms");
const { seedPriceBook } = await import("../app/features/estimates/seed.server");
const { partyOf, linkParty, homeownerEstimate } = await import(
  "../app/features/estimates/access.server"
);
const { saveEstimateDraft, sendEstimate } = await import(
  "../app/features/estimates/estimates.server"
);
const { acceptEstimate } = await import("../app/features/estimates/acceptance.server");
const { estimateDraftSchema } = await import("../app/features/estimates/schemas");
const { submitQuoteRequest } = await import("../app/features/quotes/submit.server");
const { origin, startServer } = await import("./harness.ts");

const database = await freshDatabase("pglite");
await seedPriceBook();
const staff = partyOf(await makeUser("bench.admin@example.com", { admin: true, totp: true }));
const quote = await submitQuoteRequest("radon", formData(validAnswers.radon), {
  clientIp: "192.0.2.1",
  owner: { userId: null },
});
if (quote.ok !== true) throw new Error("quote not created");
const draft = estimateDraftSchema.parse({
  options: ["Passive system", "Active sub-slab system", "Active system + sealing"].map(
    (name, o) => ({
      name,
      lines: Array.from({ length: 10 }, (_, i) => ({
        name: `Line ${o * 10 + i + 1}: radon mitigation material or labor item`,
        quantity: String(1 + i * 1.5),
        unit: units[i % units.length],
        unitPrice: ((4_500 + i * 12_345) / 100).toFixed(2),
        taxable: i % 3 === 0,
      })),
    }),
  ),
  discountKind: "percent",
  discountPercent: "5",
});
const saved = await saveEstimateDraft(staff, quote.quoteId, draft);
if (!saved.ok) throw new Error(`draft not saved: ${JSON.stringify(saved)}`);
const sent = await sendEstimate(staff, quote.quoteId);
if (!sent.ok) throw new Error(sent.message);
const token = sent.url.split("/").pop() as string;
const shown = await homeownerEstimate(linkParty(token));
if (shown?.state !== "open") throw new Error("estimate not open");
const accepted = await acceptEstimate(
  linkParty(token),
  undefined,
  {
    versionId: shown.versionId,
    contentSha256: shown.view.contentSha256 as string,
    option: 2,
    consent: true,
    signerName: "Ann Lee",
    signature: `data:image/png;base64,${signature.toString("base64")}`,
  },
  { ip: "192.0.2.7", userAgent: "bench" },
);
if (!accepted.ok) throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
await database.close();

const server = await startServer({
  DATA_DIR: database.dataDir,
  DATABASE_URL: "",
  PUBLIC_URL: origin,
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  // one client asks hundreds of times; the view limit is tested elsewhere
  RATE_LIMIT_SCALE: "100000",
});
try {
  let html = 0;
  let pdf = 0;
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.arrayBuffer();
  };
  await measure("GET /estimates/{token} (signed)", pageRuns, async () => {
    html = (await get(`/estimates/${token}`)).byteLength;
  });
  await measure("GET /estimates/{token}/pdf (signed)", pdfRuns, async () => {
    pdf = (await get(`/estimates/${token}/pdf`)).byteLength;
  });
  console.log(
    `over HTTP: page ${html} bytes, PDF ${pdf} bytes (wall time includes loopback; CPU is this client's)`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(database.dataDir, { recursive: true, force: true });
}
