/**
 * The estimate as the homeowner's page shows it: the same view model the PDF draws
 * (view-model.ts), so page and download hold the same figures. Laid out for a phone first: each
 * line is one row of a two-column table (item with its quantity and unit price, amount), which
 * fits 320 px without sideways scrolling.
 */
import {
  type EstimateOptionView,
  type EstimateViewModel,
  type OptionSum,
  optionSums,
} from "./view-model";

function Facts({ view }: { view: EstimateViewModel }) {
  const facts: [string, string][] = [
    ["Prepared for", view.requesterName],
    ["Property", view.propertyLines.join(", ")],
    ["Service", view.serviceTitle],
    ["Request reference", view.reference],
    ["Issued", view.issuedOn ?? "Not sent"],
    ["Valid until", view.validUntil],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Sum({ label, value, strong }: OptionSum) {
  return (
    <div
      className={
        strong ? "flex justify-between gap-4 text-lg font-bold" : "flex justify-between gap-4"
      }
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** One option: its lines and totals. */
export function EstimateOption({
  option,
  view,
}: {
  option: EstimateOptionView;
  view: EstimateViewModel;
}) {
  const title = view.options.length > 1 ? `Option ${option.index}: ${option.name}` : option.name;
  const headingId = `option-${option.index}-title`;
  return (
    <section
      aria-labelledby={headingId}
      className={
        option.chosen
          ? "rounded-xl border-2 border-success p-4 sm:p-6"
          : "rounded-xl border border-slate-200 p-4 sm:p-6"
      }
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
        {option.chosen ? <span className="text-success-strong"> (accepted)</span> : null}
      </h2>
      <table className="mt-4 w-full table-fixed text-sm">
        <caption className="sr-only">Lines of {title}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-700">
            <th scope="col" className="py-2 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="w-28 py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {option.lines.map((line, i) => (
            // lines have no identity of their own: their position is their key
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i} className="border-b border-slate-200 align-top">
              <td className="break-words py-2 pr-2">
                <span className="font-medium">{line.name}</span>
                {line.taxable && view.taxLabel ? (
                  <>
                    <span aria-hidden="true"> *</span>
                    <span className="sr-only"> (taxable)</span>
                  </>
                ) : null}
                {line.description ? (
                  <span className="block text-slate-600">{line.description}</span>
                ) : null}
                <span className="block text-slate-600">
                  {line.quantity} × {line.unitPrice}
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 ml-auto max-w-xs space-y-1 text-sm">
        {optionSums(view, option).map((sum) => (
          <Sum key={sum.label} {...sum} />
        ))}
      </dl>
    </section>
  );
}

/** Company, request, options with their totals, terms and valid-until date. */
export function EstimateDocument({ view }: { view: EstimateViewModel }) {
  return (
    <div className="space-y-6">
      <Facts view={view} />
      {view.options.map((option) => (
        <EstimateOption key={option.index} option={option} view={view} />
      ))}
      {view.taxableKey ? <p className="text-sm text-slate-600">* taxable item</p> : null}
      {view.terms.length > 0 ? (
        <section aria-labelledby="terms-title">
          <h2 id="terms-title" className="text-xl font-semibold">
            Terms
          </h2>
          <div className="mt-2 space-y-2">
            {view.terms.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <p className="mt-2">
            This estimate is valid until <strong>{view.validUntil}</strong>.
          </p>
        </section>
      ) : null}
    </div>
  );
}
