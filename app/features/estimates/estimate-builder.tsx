/**
 * The estimate builder on the back office's quote page: up to three options, each with lines
 * from the price book (the quote's service) or typed freely, the discount, tax rate, terms and
 * valid-until date; 'Save draft' and 'Send'. A plain form with a fixed number of rows, so it
 * works without JavaScript; the server drops empty rows, validates, prices and saves
 * (quote-estimate.server.ts), and the page then shows the server's totals.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Alert,
  Checkbox,
  Field,
  type FieldControlProps,
  Input,
  Select,
  SelectOptions,
  Textarea,
} from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import {
  type BuilderValues,
  builderRows,
  builderValuesFromPost,
  type LineValues,
  SAVE_ESTIMATE,
  SEND_ANYWAY,
  SEND_ESTIMATE,
} from "./builder-form";
import type { PriceBookChoice, QuoteEstimateView } from "./quote-estimate.server";

type Errors = Record<string, string[] | null | undefined>;

const errorsAt = (errors: Errors, path: string) => errors[path] ?? undefined;

/**
 * One labelled field of the builder, posted as `name` (e.g. `options[0].lines[2].quantity`) and
 * showing the server's errors at that name; `children` draws the control from the label's ids
 * and the name.
 */
function BuilderField({
  name,
  errors,
  children,
  ...field
}: {
  id: string;
  label: string;
  name: string;
  errors: Errors;
  description?: string;
  className?: string;
  children: (control: FieldControlProps & { name: string }) => ReactNode;
}) {
  return (
    <Field {...field} errors={errorsAt(errors, name)}>
      {(aria) => children({ ...aria, name })}
    </Field>
  );
}

/** One line row: price book item or a typed name, quantity, unit, unit price, taxable. */
function LineRow({
  i,
  j,
  line,
  errors,
  priceBook,
}: {
  i: number;
  j: number;
  line: LineValues;
  errors: Errors;
  priceBook: PriceBookChoice[];
}) {
  const path = `options[${i}].lines[${j}]`;
  const id = `estimate-o${i + 1}-l${j + 1}`;
  const lineError = errorsAt(errors, path);
  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">
        Option {i + 1}, line {j + 1}
      </legend>
      {lineError && <p className="text-sm font-medium text-error">{lineError.join(" ")}</p>}
      <input type="hidden" name={`${path}.description`} value={line.description} />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-[minmax(0,3fr)_minmax(0,3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <BuilderField
          id={`${id}-item`}
          label="Price book item"
          name={`${path}.priceBookItemId`}
          errors={errors}
          className="min-w-0"
        >
          {(control) => (
            <Select {...control} defaultValue={line.priceBookItemId}>
              <SelectOptions options={priceBook} empty="None (typed line)" />
            </Select>
          )}
        </BuilderField>
        <BuilderField
          id={`${id}-name`}
          label="Name"
          name={`${path}.name`}
          errors={errors}
          className="min-w-0"
        >
          {(control) => <Input {...control} defaultValue={line.name} maxLength={120} />}
        </BuilderField>
        <BuilderField
          id={`${id}-quantity`}
          label="Quantity"
          name={`${path}.quantity`}
          errors={errors}
          className="min-w-0"
        >
          {(control) => <Input {...control} defaultValue={line.quantity} inputMode="decimal" />}
        </BuilderField>
        <BuilderField
          id={`${id}-unit`}
          label="Unit"
          name={`${path}.unit`}
          errors={errors}
          className="min-w-0"
        >
          {(control) => (
            <Select {...control} defaultValue={line.unit}>
              <SelectOptions options={estimateUnit.options} empty="As the item" />
            </Select>
          )}
        </BuilderField>
        <BuilderField
          id={`${id}-price`}
          label="Unit price ($)"
          name={`${path}.unitPrice`}
          errors={errors}
          className="min-w-0"
        >
          {(control) => <Input {...control} defaultValue={line.unitPrice} inputMode="decimal" />}
        </BuilderField>
      </div>
      <label htmlFor={`${id}-taxable`} className="mt-2 flex items-center gap-2 text-sm">
        <Checkbox id={`${id}-taxable`} name={`${path}.taxable`} defaultChecked={line.taxable} />
        Taxable (a typed line)
      </label>
    </fieldset>
  );
}

/** Every field error of a refused post, as links to the fields (the error summary). */
function ErrorSummary({ errors, formErrors }: { errors: Errors; formErrors: string[] }) {
  const alert = useRef<HTMLDivElement>(null);
  const fieldErrors = Object.entries(errors).filter(([path, e]) => path !== "" && e?.length);
  // the form is drawn afresh for each refused post (its key): focus the summary once
  useEffect(() => {
    alert.current?.focus();
  }, []);
  if (formErrors.length === 0 && fieldErrors.length === 0) return null;
  return (
    <Alert ref={alert} tabIndex={-1}>
      <p>{formErrors[0] ?? "Please correct the highlighted fields."}</p>
      {fieldErrors.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {fieldErrors.map(([path, e]) => (
            <li key={path}>
              {describePath(path)}: {e?.join(" ")}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** "options[1].lines[0].unitPrice" -> "Option 2, line 1, unit price". */
function describePath(path: string): string {
  const names: Record<string, string> = {
    priceBookItemId: "price book item",
    unitPrice: "unit price",
    discountAmount: "Discount amount",
    discountPercent: "Discount percentage",
    taxRate: "Tax rate",
    validUntil: "Valid until",
    [SEND_ANYWAY]: "Sample prices",
    options: "Options",
    lines: "lines",
  };
  return path
    .replace(/^options\[(\d+)\]/, (_, n) => `Option ${Number(n) + 1}`)
    .replace(/\.lines\[(\d+)\]/, (_, n) => `, line ${Number(n) + 1}`)
    .replace(/\.(\w+)$/, (_, f: string) => `, ${names[f] ?? f}`)
    .replace(/^(\w+)$/, (f) => names[f] ?? f);
}

/** The builder form; `result` is the refused post, shown with its messages. */
export function EstimateBuilder({
  estimate,
  result,
}: {
  estimate: QuoteEstimateView;
  result: SubmissionResult<string[]> | undefined;
}) {
  const saving = useIsPending({ field: ["intent", SAVE_ESTIMATE] });
  const sending = useIsPending({ field: ["intent", SEND_ESTIMATE] });
  const errors: Errors = result?.error ?? {};
  const formErrors = errors[""] ?? [];
  // the refused post's warning, else the saved lines' (a live refresh of the page can drop the
  // refused post's messages; the saved lines' warning stays)
  const sampleWarning =
    errorsAt(errors, SEND_ANYWAY) ?? (estimate.samplePrices ? [estimate.samplePrices] : undefined);
  const posted = result?.initialValue;
  const values: BuilderValues = builderRows(
    posted ? builderValuesFromPost(posted, estimate.values) : estimate.values,
  );
  // new values (a refused post, a saved draft) draw the fields afresh with their defaults
  const key = JSON.stringify(posted ?? estimate.values);
  return (
    <Form method="post" noValidate className="space-y-6" key={key} aria-label="Estimate builder">
      <ErrorSummary errors={errors} formErrors={formErrors} />
      <p className="text-sm text-slate-700">
        Choose a price book item and leave its name and price empty to copy them, or type a line.
        Leave an option's name and lines empty to offer fewer options. Empty rows are ignored; save
        the draft for more rows. Totals are computed when you save.
      </p>
      {values.options.map((option, i) => (
        <fieldset
          // options are positions in the form, not records
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className="min-w-0 space-y-3 rounded-lg border border-slate-300 p-4"
        >
          <legend className="px-1 font-semibold">Option {i + 1}</legend>
          <BuilderField
            id={`estimate-o${i + 1}-name`}
            label={`Option ${i + 1} name`}
            name={`options[${i}].name`}
            errors={errors}
            description={
              i === 0
                ? "E.g. 'Active sub-slab system'"
                : "Optional: leave this option empty to offer fewer"
            }
          >
            {(control) => <Input {...control} defaultValue={option.name} maxLength={80} />}
          </BuilderField>
          {errorsAt(errors, `options[${i}].lines`) && (
            <p className="text-sm font-medium text-error">
              {errorsAt(errors, `options[${i}].lines`)?.join(" ")}
            </p>
          )}
          {option.lines.map((line, j) => (
            <LineRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
              key={j}
              i={i}
              j={j}
              line={line}
              errors={errors}
              priceBook={estimate.priceBook}
            />
          ))}
        </fieldset>
      ))}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <BuilderField
          id="estimate-discount-kind"
          label="Discount"
          name="discountKind"
          errors={errors}
        >
          {(control) => (
            <Select {...control} defaultValue={values.discountKind}>
              <option value="none">No discount</option>
              <option value="amount">An amount ($)</option>
              <option value="percent">A percentage (%)</option>
            </Select>
          )}
        </BuilderField>
        <BuilderField
          id="estimate-discount-amount"
          label="Discount amount ($)"
          name="discountAmount"
          errors={errors}
        >
          {(control) => (
            <Input {...control} defaultValue={values.discountAmount} inputMode="decimal" />
          )}
        </BuilderField>
        <BuilderField
          id="estimate-discount-percent"
          label="Discount percentage (%)"
          name="discountPercent"
          errors={errors}
        >
          {(control) => (
            <Input {...control} defaultValue={values.discountPercent} inputMode="decimal" />
          )}
        </BuilderField>
        <BuilderField
          id="estimate-tax-rate"
          label="Tax rate (%)"
          description="Applied to taxable lines"
          name="taxRate"
          errors={errors}
        >
          {(control) => <Input {...control} defaultValue={values.taxRate} inputMode="decimal" />}
        </BuilderField>
        <BuilderField
          id="estimate-valid-until"
          label="Valid until"
          name="validUntil"
          errors={errors}
        >
          {(control) => <Input {...control} type="date" defaultValue={values.validUntil} />}
        </BuilderField>
      </div>
      <BuilderField id="estimate-terms" label="Terms" name="terms" errors={errors}>
        {(control) => (
          <Textarea {...control} rows={6} maxLength={5000} defaultValue={values.terms} />
        )}
      </BuilderField>
      {sampleWarning && (
        <div className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-slate-900">
          <p id="estimate-send-anyway-warning" className="font-medium wrap-anywhere">
            Sample prices: {sampleWarning.join(" ")}
          </p>
          <label htmlFor="estimate-send-anyway" className="mt-2 flex items-center gap-2">
            <Checkbox
              id="estimate-send-anyway"
              name={SEND_ANYWAY}
              aria-describedby="estimate-send-anyway-warning"
            />
            Send anyway, with the sample prices
          </label>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          name="intent"
          value={SAVE_ESTIMATE}
          variant="outline"
          disabled={saving || sending}
        >
          {saving ? "Saving..." : "Save draft"}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={SEND_ESTIMATE}
          disabled={saving || sending || !estimate.sendable}
        >
          {sending ? "Sending..." : "Send"}
        </Button>
      </div>
      <p className="text-sm text-slate-700 wrap-anywhere">
        {estimate.sendable
          ? `Send saves this form as version ${estimate.draftVersion}, freezes it and emails ${estimate.requesterEmail} a link to it.`
          : "An estimate can be sent only while the request is pending or approved."}
      </p>
    </Form>
  );
}
