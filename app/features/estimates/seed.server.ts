/**
 * A small sample price book, written on the first start so that staff can try estimates at once.
 * Every item's description starts with the sample note (sample-prices.ts): these are typical Utah
 * figures for 2026, not the company's prices, and are meant to be edited or retired.
 */
import { eq } from "drizzle-orm";
import { price_book_items, seed_runs } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { priceBookColumns } from "./price-book.server";
import { SAMPLE_PRICE_NOTE } from "./sample-prices";
import type { PriceBookItemInput } from "./schemas";

export const PRICE_BOOK_SEED = "price-book-sample";

const SAMPLE = SAMPLE_PRICE_NOTE;

/** The sample items (cents; taxable = equipment and materials sold, not labor or lab work). */
export const samplePriceBook: PriceBookItemInput[] = [
  // radon (Utah: EPA Zone 1 across the Wasatch Front)
  {
    service: "radon",
    name: "Short-term radon test (continuous monitor, 48 hours)",
    description: `${SAMPLE} Certified continuous radon monitor placed in the lowest lived-in level, with a report.`,
    unit: "test",
    unitPrice: 17_500,
    taxable: false,
  },
  {
    service: "radon",
    name: "Long-term radon test kit (90 days, alpha track)",
    description: `${SAMPLE} Kit, placement and lab analysis.`,
    unit: "test",
    unitPrice: 4_500,
    taxable: true,
  },
  {
    service: "radon",
    name: "Active sub-slab depressurization system",
    description: `${SAMPLE} One suction point, 3-inch PVC riser, inline radon fan, manometer, labels.`,
    unit: "each",
    unitPrice: 185_000,
    taxable: false,
  },
  {
    service: "radon",
    name: "Passive radon vent system",
    description: `${SAMPLE} Sealed vent pipe from below the slab through the roof; a fan can be added later.`,
    unit: "each",
    unitPrice: 95_000,
    taxable: false,
  },
  {
    service: "radon",
    name: "Additional suction point",
    description: `${SAMPLE} For large or divided slabs.`,
    unit: "each",
    unitPrice: 45_000,
    taxable: false,
  },
  {
    service: "radon",
    name: "Crawl space vapor barrier (sub-membrane depressurization)",
    description: `${SAMPLE} 12-mil reinforced membrane, sealed to walls and piers.`,
    unit: "sq_ft",
    unitPrice: 275,
    taxable: false,
  },
  {
    service: "radon",
    name: "Foundation crack and sump sealing",
    description: `${SAMPLE} Polyurethane sealant and airtight sump lid.`,
    unit: "hour",
    unitPrice: 9_500,
    taxable: false,
  },
  {
    service: "radon",
    name: "Radon fan (replacement)",
    description: `${SAMPLE} Inline radon fan, supplied.`,
    unit: "each",
    unitPrice: 32_500,
    taxable: true,
  },
  // mold
  {
    service: "mold",
    name: "Mold inspection with air sampling",
    description: `${SAMPLE} Visual and moisture inspection, one outdoor and two indoor air samples, lab report.`,
    unit: "each",
    unitPrice: 39_500,
    taxable: false,
  },
  {
    service: "mold",
    name: "Additional air or surface sample",
    description: `${SAMPLE} Lab analysis included.`,
    unit: "test",
    unitPrice: 9_500,
    taxable: false,
  },
  {
    service: "mold",
    name: "Containment and negative air setup",
    description: `${SAMPLE} Poly sheeting, zip doors and a HEPA air scrubber for the work area.`,
    unit: "each",
    unitPrice: 45_000,
    taxable: false,
  },
  {
    service: "mold",
    name: "Mold remediation labor",
    description: `${SAMPLE} Per technician hour.`,
    unit: "hour",
    unitPrice: 8_500,
    taxable: false,
  },
  {
    service: "mold",
    name: "Drywall removal and disposal",
    description: `${SAMPLE} Affected drywall cut out and bagged.`,
    unit: "sq_ft",
    unitPrice: 325,
    taxable: false,
  },
  {
    service: "mold",
    name: "HEPA vacuuming and antimicrobial treatment",
    description: `${SAMPLE} Surfaces in the work area.`,
    unit: "sq_ft",
    unitPrice: 450,
    taxable: false,
  },
  {
    service: "mold",
    name: "Post-remediation clearance test",
    description: `${SAMPLE} Independent air sampling after the work.`,
    unit: "test",
    unitPrice: 29_500,
    taxable: false,
  },
  // water
  {
    service: "water_filtration",
    name: "Drinking water lab test (standard panel)",
    description: `${SAMPLE} Bacteria, nitrate, arsenic, lead, hardness and pH from a certified lab.`,
    unit: "test",
    unitPrice: 19_500,
    taxable: false,
  },
  {
    service: "water_filtration",
    name: "Whole-house water softener",
    description: `${SAMPLE} 48,000-grain softener, supplied.`,
    unit: "each",
    unitPrice: 165_000,
    taxable: true,
  },
  {
    service: "water_filtration",
    name: "Under-sink reverse osmosis system",
    description: `${SAMPLE} Four-stage system with faucet, supplied.`,
    unit: "each",
    unitPrice: 59_500,
    taxable: true,
  },
  {
    service: "water_filtration",
    name: "Whole-house carbon filter",
    description: `${SAMPLE} Chlorine, taste and odor, supplied.`,
    unit: "each",
    unitPrice: 125_000,
    taxable: true,
  },
  {
    service: "water_filtration",
    name: "UV disinfection system (well water)",
    description: `${SAMPLE} UV unit with sediment prefilter, supplied.`,
    unit: "each",
    unitPrice: 115_000,
    taxable: true,
  },
  {
    service: "water_filtration",
    name: "Installation labor (plumbing)",
    description: `${SAMPLE} Per technician hour.`,
    unit: "hour",
    unitPrice: 11_000,
    taxable: false,
  },
];

/**
 * Writes the sample price book the first time the server starts on a database and records that
 * in `seed_runs`, so it never runs again (an item edited, retired or deleted stays so). Skipped
 * when the price book already has items. Costs one query on every later start.
 */
export async function seedPriceBook(): Promise<void> {
  const [done] = await db
    .select({ name: seed_runs.name })
    .from(seed_runs)
    .where(eq(seed_runs.name, PRICE_BOOK_SEED));
  if (done) return;
  const seeded = await db.transaction(async (tx) => {
    // the seed_runs row first: a second process starting at once waits here, then finds it
    const [claimed] = await tx
      .insert(seed_runs)
      .values({ name: PRICE_BOOK_SEED })
      .onConflictDoNothing()
      .returning({ name: seed_runs.name });
    if (!claimed) return false;
    const [existing] = await tx.select({ id: price_book_items.id }).from(price_book_items).limit(1);
    if (existing) return false;
    await tx.insert(price_book_items).values(samplePriceBook.map(priceBookColumns));
    return true;
  });
  if (!seeded) return;
  logger().info({ items: samplePriceBook.length }, "sample price book seeded");
}
