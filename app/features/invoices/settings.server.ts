/**
 * The deposit asked at acceptance, per service (/admin/settings): a whole or decimal percentage
 * of the accepted option's total, 0 for none.
 */
import { z } from "zod";
import { deposit_settings } from "~/db/schema";
import { type ServiceId, serviceId } from "~/features/catalog/services";
import { db } from "~/lib/db.server";
import { parseDollars } from "./money";

/** Each service's deposit in basis points (0 when none is set). */
export async function depositSettings(): Promise<Record<ServiceId, number>> {
  const rows = await db.select().from(deposit_settings);
  const result = Object.fromEntries(serviceId.values.map((s) => [s, 0])) as Record<
    ServiceId,
    number
  >;
  for (const row of rows) result[row.service] = row.basis_points;
  return result;
}

const percent = z
  .string()
  .trim()
  .transform((text, ctx) => {
    // a percentage has at most two decimals, as cents do: read it the same way
    const bp = parseDollars(text === "" ? "0" : text);
    if (bp === null || bp > 10_000) {
      ctx.addIssue({ code: "custom", message: "Enter a percentage from 0 to 100" });
      return z.NEVER;
    }
    return bp;
  });

/** The settings form: one percentage per service, named `deposit_<service>`. */
export const depositSettingsSchema = z.object(
  Object.fromEntries(serviceId.values.map((s) => [`deposit_${s}`, percent])) as Record<
    `deposit_${ServiceId}`,
    typeof percent
  >,
);

/** Saves each service's deposit (basis points, 0..10,000) in one transaction. */
export async function saveDepositSettings(
  values: Partial<Record<ServiceId, number>>,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [service, bp] of Object.entries(values) as [ServiceId, number][]) {
      await tx
        .insert(deposit_settings)
        .values({ service, basis_points: bp, updated_at: now })
        .onConflictDoUpdate({
          target: deposit_settings.service,
          set: { basis_points: bp, updated_at: now },
        });
    }
  });
}
