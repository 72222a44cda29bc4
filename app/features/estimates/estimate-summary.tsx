/**
 * An estimate version's options as staff read them on the quote page: each option's lines and
 * the totals the server computed (view-model.ts), as lists rather than tables so that nothing
 * scrolls sideways on a phone.
 */
import { cn } from "~/lib/utils";
import type { EstimateViewModel } from "./view-model";

/** The options of `view`, each with its lines, subtotal, discount, tax and total. */
export function EstimateOptionsSummary({
  view,
  headingLevel: Heading = "h4",
}: {
  view: EstimateViewModel;
  headingLevel?: "h4" | "h5";
}) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {view.options.map((option) => (
        <section
          key={option.index}
          aria-label={`Option ${option.index}: ${option.name}`}
          className={cn(
            "min-w-0 rounded-lg border p-4",
            option.chosen ? "border-success bg-success-subtle" : "border-slate-200",
          )}
        >
          <Heading className="font-semibold wrap-anywhere">
            Option {option.index}: {option.name}
            {option.chosen && <span className="ml-2 text-sm text-success-strong">(accepted)</span>}
          </Heading>
          <ul className="mt-2 space-y-2 text-sm">
            {option.lines.map((line, i) => (
              // lines have no id of their own; their order is fixed within a version
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="wrap-anywhere">
                <span className="font-medium">{line.name}</span>
                <span className="block text-slate-700">
                  {line.quantity} x {line.unitPrice} = {line.amount}
                  {line.taxable ? " (taxable)" : ""}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-2 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right">{option.subtotal}</dd>
            {option.discount && (
              <>
                <dt>{view.discountLabel}</dt>
                <dd className="text-right">{option.discount}</dd>
              </>
            )}
            {option.tax && (
              <>
                <dt>{view.taxLabel}</dt>
                <dd className="text-right">{option.tax}</dd>
              </>
            )}
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">{option.total}</dd>
          </dl>
        </section>
      ))}
    </div>
  );
}
