/**
 * An invoice's money: its frozen lines and how amounts are written. Cents and quantities as the
 * estimates keep them (integer cents, integer thousandths), formatted by the same functions.
 */
import { formatQuantity, formatUsd, parseDollars } from "~/features/estimates/money";

/** A line as frozen on an invoice (a credit, such as the deposit taken off, has a negative amount). */
export interface InvoiceLine {
  name: string;
  description: string;
  quantityThousandths: number;
  unitPriceCents: number;
  amountCents: number;
  taxable: boolean;
}

/** 245000 -> "$2,450.00". */
export const formatCents = formatUsd;
export { formatQuantity, parseDollars };

/** What the invoice page and a refused Pay say while the rest of the balance is processing. */
export const PROCESSING_MESSAGE =
  "Your payment of the rest of this invoice is processing: a bank payment takes a few business days to clear. There is nothing more to pay now.";
