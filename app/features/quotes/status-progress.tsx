import { useId } from "react";
import { quoteStatus } from "~/features/catalog/enums";
import { statusProgress } from "./reference";

/**
 * A quote's status line ('Status: Approved') and its progress bar (SPEC section 4 values), the
 * bar named by the line. The one rendering of it: the confirmation and the status page.
 */
export function QuoteStatusProgress({ status }: { status: string }) {
  const labelId = useId();
  const progress = statusProgress(status);
  return (
    <>
      <p className="text-sm text-slate-600" id={labelId}>
        Status: <span className="font-semibold text-slate-900">{quoteStatus.label(status)}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${progress}%` }} />
      </div>
    </>
  );
}
