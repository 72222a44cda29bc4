/**
 * The back office's price book page (admin only; the route guards with requireAdmin): the items
 * by service as the page shows them, and its forms' posts (add, edit, retire, restore), which
 * go through price-book.server.ts.
 */

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import { serviceId } from "~/features/catalog/services";
import { centsToInput, formatUsd } from "./money";
import {
  addPriceBookItem,
  editPriceBookItem,
  listPriceBook,
  priceBookItem,
  retirePriceBookItem,
} from "./price-book.server";
import { priceBookItemSchema } from "./schemas";

/** An item's fields as its edit form starts with them (text, as typed). */
export interface PriceBookFormValues {
  service: string;
  name: string;
  description: string;
  unit: string;
  unitPrice: string;
  taxable: boolean;
}

/**
 * The price book by service (every service, in the catalog's order; retired items too, marked),
 * and the item named by `editId` as its edit form starts (null when none or unknown).
 */
export async function loadPriceBookPage(editId: string | null) {
  const [items, editing] = await Promise.all([
    listPriceBook({ includeRetired: true }),
    editId ? priceBookItem(editId) : null,
  ]);
  return {
    services: serviceId.options.map((service) => ({
      id: service.value,
      label: service.label,
      items: items
        .filter((item) => item.service === service.value)
        .map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          unit: estimateUnit.label(item.unit),
          unitPrice: formatUsd(item.unit_price_cents),
          taxable: item.taxable,
          retired: item.retired_at !== null,
        })),
    })),
    editing: editing && {
      id: editing.id,
      values: {
        service: editing.service,
        name: editing.name,
        description: editing.description,
        unit: editing.unit,
        unitPrice: centsToInput(editing.unit_price_cents),
        taxable: editing.taxable,
      } satisfies PriceBookFormValues,
    },
  };
}

export type PriceBookPostOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404; form: string; result: SubmissionResult<string[]> | undefined };

/**
 * A post of the price book page: `intent` add or edit (with `id`; the fields validated by
 * priceBookItemSchema), retire or restore (with `id`).
 * @returns what was done, for the toast; 400 with the form's messages (nothing written), 404
 *   for an unknown item or intent.
 */
export async function priceBookPost(form: FormData): Promise<PriceBookPostOutcome> {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "retire" || intent === "restore") {
    const item = await priceBookItem(id);
    if (!item || !(await retirePriceBookItem(id, intent === "retire"))) {
      return { ok: false, status: 404, form: intent, result: undefined };
    }
    return {
      ok: true,
      message: `${item.name} ${intent === "retire" ? "is retired: new estimates can no longer pick it" : "is back in the price book"}.`,
    };
  }
  if (intent !== "add" && intent !== "edit") {
    return { ok: false, status: 404, form: intent, result: undefined };
  }
  const submission = parseWithZod(form, { schema: priceBookItemSchema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, form: intent, result: submission.reply() };
  }
  if (intent === "add") {
    await addPriceBookItem(submission.value);
    return { ok: true, message: `${submission.value.name} was added.` };
  }
  if (!(await editPriceBookItem(id, submission.value))) {
    return { ok: false, status: 404, form: intent, result: undefined };
  }
  return { ok: true, message: `${submission.value.name} was saved.` };
}
