/**
 * The estimate builder on the back office's quote page: up to three options, each with lines
 * from the price book (the quote's service) or typed freely, the discount, tax rate, terms and
 * valid-until date; 'Save draft' and 'Send'. A plain form with a fixed number of rows, so it
 * works without JavaScript; the server drops empty rows, validates, prices and saves
 * (quote-estimate.server.ts), and the page then shows the server's totals.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Checkbox, Field, Input, Select, Textarea } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  type BuilderValues,
  builderRows,
  builderValuesFromPost,
  type LineValues,
  SAVE_ESTIMATE,
  SEND_ESTIMATE,
} from "./builder-form";
import { estimateUnit } from "./enums";
import type { PriceBookChoice, QuoteEstimateView } from "./quote-estimate.server";

type Errors = Record<string, string[] | null | undefined>;

const errorsAt = (errors: Errors, path: string) => errors[path] ?? undefined;

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
        <Field
          id={`${id}-item`}
          label="Price book item"
          errors={errorsAt(errors, `${path}.priceBookItemId`)}
          className="min-w-0"
        >
          {(aria) => (
            <Select {...aria} name={`${path}.priceBookItemId`} defaultValue={line.priceBookItemId}>
              <option value="">None (typed line)</option>
              {priceBook.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-name`}
          label="Name"
          errors={errorsAt(errors, `${path}.name`)}
          className="min-w-0"
        >
          {(aria) => (
            <Input {...aria} name={`${path}.name`} defaultValue={line.name} maxLength={120} />
          )}
        </Field>
        <Field
          id={`${id}-quantity`}
          label="Quantity"
          errors={errorsAt(errors, `${path}.quantity`)}
          className="min-w-0"
        >
          {(aria) => (
            <Input
              {...aria}
              name={`${path}.quantity`}
              defaultValue={line.quantity}
              inputMode="decimal"
            />
          )}
        </Field>
        <Field
          id={`${id}-unit`}
          label="Unit"
          errors={errorsAt(errors, `${path}.unit`)}
          className="min-w-0"
        >
          {(aria) => (
            <Select {...aria} name={`${path}.unit`} defaultValue={line.unit}>
              <option value="">As the item</option>
              {estimateUnit.options.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-price`}
          label="Unit price ($)"
          errors={errorsAt(errors, `${path}.unitPrice`)}
          className="min-w-0"
        >
          {(aria) => (
            <Input
              {...aria}
              name={`${path}.unitPrice`}
              defaultValue={line.unitPrice}
              inputMode="decimal"
            />
          )}
        </Field>
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
          <Field
            id={`estimate-o${i + 1}-name`}
            label={`Option ${i + 1} name`}
            errors={errorsAt(errors, `options[${i}].name`)}
            description={
              i === 0
                ? "E.g. 'Active sub-slab system'"
                : "Optional: leave this option empty to offer fewer"
            }
          >
            {(aria) => (
              <Input
                {...aria}
                name={`options[${i}].name`}
                defaultValue={option.name}
                maxLength={80}
              />
            )}
          </Field>
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
        <Field
          id="estimate-discount-kind"
          label="Discount"
          errors={errorsAt(errors, "discountKind")}
        >
          {(aria) => (
            <Select {...aria} name="discountKind" defaultValue={values.discountKind}>
              <option value="none">No discount</option>
              <option value="amount">An amount ($)</option>
              <option value="percent">A percentage (%)</option>
            </Select>
          )}
        </Field>
        <Field
          id="estimate-discount-amount"
          label="Discount amount ($)"
          errors={errorsAt(errors, "discountAmount")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="discountAmount"
              defaultValue={values.discountAmount}
              inputMode="decimal"
            />
          )}
        </Field>
        <Field
          id="estimate-discount-percent"
          label="Discount percentage (%)"
          errors={errorsAt(errors, "discountPercent")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="discountPercent"
              defaultValue={values.discountPercent}
              inputMode="decimal"
            />
          )}
        </Field>
        <Field
          id="estimate-tax-rate"
          label="Tax rate (%)"
          description="Applied to taxable lines"
          errors={errorsAt(errors, "taxRate")}
        >
          {(aria) => (
            <Input {...aria} name="taxRate" defaultValue={values.taxRate} inputMode="decimal" />
          )}
        </Field>
        <Field
          id="estimate-valid-until"
          label="Valid until"
          errors={errorsAt(errors, "validUntil")}
        >
          {(aria) => (
            <Input {...aria} type="date" name="validUntil" defaultValue={values.validUntil} />
          )}
        </Field>
      </div>
      <Field id="estimate-terms" label="Terms" errors={errorsAt(errors, "terms")}>
        {(aria) => (
          <Textarea {...aria} name="terms" rows={6} maxLength={5000} defaultValue={values.terms} />
        )}
      </Field>
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
