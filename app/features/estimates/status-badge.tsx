import { Badge, type BadgeTone } from "~/components/ui/badge";
import { type EstimateStatus, estimateStatus } from "~/features/catalog/estimate-enums";

const tones: Record<EstimateStatus, BadgeTone> = {
  draft: "neutral",
  sent: "info",
  viewed: "accent",
  accepted: "success",
  declined: "danger",
};

/** Where a quote's estimate stands, as a badge; "None" when there is no estimate. */
export function EstimateStatusBadge({ status }: { status: EstimateStatus | null }) {
  if (!status) return <span className="text-slate-700">None</span>;
  return <Badge tone={tones[status]}>{estimateStatus.label(status)}</Badge>;
}
