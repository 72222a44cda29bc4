import { Badge, type BadgeTone } from "~/components/ui/badge";
import { quoteStatus } from "~/features/catalog/enums";
import type { QuoteStatus } from "./reference";

/** The colour of each quote status: waiting, accepted, under way, done, refused. */
export const STATUS_TONE: Readonly<Record<QuoteStatus, BadgeTone>> = {
  pending: "warning",
  approved: "info",
  in_progress: "accent",
  completed: "success",
  rejected: "danger",
};

/** A quote's status as a badge: the catalog's label in the status's colour (unknown: neutral). */
export function QuoteStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONE[status as QuoteStatus] ?? "neutral"}>
      {quoteStatus.label(status)}
    </Badge>
  );
}
