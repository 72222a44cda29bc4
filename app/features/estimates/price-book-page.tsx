/**
 * The back office's price book page: the items of each service (name, description, unit, unit
 * price in US dollars, taxable; retired ones marked and no longer offered to new estimates), the
 * add form, the edit form of the item chosen by `?edit=<id>` (a link, so it works without
 * JavaScript) and a retire or restore button per item.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import {
  Alert,
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/form-controls";
import { RowActionForm } from "~/components/ui/row-action-form";
import { useIsPending } from "~/components/ui/use-is-pending";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/features/catalog/estimate-limits";
import { serviceId } from "~/features/catalog/services";
import type { loadPriceBookPage, PriceBookFormValues } from "./price-book-page.server";
import { priceBookItemSchema } from "./schemas";

type PriceBookPage = Awaited<ReturnType<typeof loadPriceBookPage>>;

/** Where every form of the page posts. */
export const PRICE_BOOK_PATH = href("/admin/price-book");

/** The add or edit form of one item. */
export function PriceBookItemForm({
  intent,
  itemId,
  defaultValue,
  lastResult,
}: {
  intent: "add" | "edit";
  itemId?: string;
  defaultValue?: PriceBookFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `price-book-${intent}`,
    lastResult,
    defaultValue: defaultValue ?? { unit: "each" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: priceBookItemSchema }),
  });
  // the edit form posts to its own address, so a refused post shows the same form again
  const action = itemId ? `${PRICE_BOOK_PATH}?edit=${itemId}` : PRICE_BOOK_PATH;
  const busy = useIsPending({ formAction: action, field: ["intent", intent] });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {itemId && <input type="hidden" name="id" value={itemId} />}
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <SelectField
          meta={fields.service}
          label="Service"
          options={serviceId.options}
          placeholder="Choose a service"
          required
        />
        <TextField meta={fields.name} label="Name" maxLength={MAX_NAME_LENGTH} required />
      </div>
      <TextAreaField
        meta={fields.description}
        label="Description"
        rows={2}
        maxLength={MAX_DESCRIPTION_LENGTH}
      />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <SelectField
          meta={fields.unit}
          label="Unit"
          options={estimateUnit.options}
          placeholder="Choose a unit"
          required
        />
        <TextField
          meta={fields.unitPrice}
          label="Unit price ($)"
          inputMode="decimal"
          hint="In US dollars, e.g. 1250.00"
          required
        />
      </div>
      <CheckboxField meta={fields.taxable} label="Taxable (sales tax applies)" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : intent === "add" ? "Add item" : "Save item"}
        </Button>
        {intent === "edit" && (
          <Button asChild variant="outline">
            <Link to={PRICE_BOOK_PATH}>Cancel</Link>
          </Button>
        )}
      </div>
    </Form>
  );
}

/** The retire (or restore) button of one item. */
function RetireButton({ id, name, retired }: { id: string; name: string; retired: boolean }) {
  return (
    <RowActionForm
      action={PRICE_BOOK_PATH}
      intent={retired ? "restore" : "retire"}
      fields={{ id }}
      label={`${retired ? "Restore" : "Retire"} ${name}`}
    >
      {retired ? "Restore" : "Retire"}
    </RowActionForm>
  );
}

/** The items of each service. */
export function PriceBookList({ services }: { services: PriceBookPage["services"] }) {
  return (
    <div className="space-y-8">
      {services.map((service) => (
        <section
          key={service.id}
          aria-labelledby={`price-book-${service.id}`}
          className="space-y-3"
        >
          <h3 id={`price-book-${service.id}`} className="text-lg font-semibold">
            {service.label}
          </h3>
          {service.items.length === 0 ? (
            <p>No items yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {service.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="font-medium wrap-anywhere">
                      {item.name}
                      {item.retired && (
                        <Badge tone="warning" className="ml-2">
                          Retired
                        </Badge>
                      )}
                    </p>
                    {item.description && (
                      <p className="text-sm text-slate-700 wrap-anywhere">{item.description}</p>
                    )}
                    <p className="mt-1 text-sm">
                      {item.unitPrice} per {item.unit.toLowerCase()} ·{" "}
                      {item.taxable ? "Taxable" : "Not taxable"}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link
                        to={`${PRICE_BOOK_PATH}?edit=${item.id}#edit-item`}
                        aria-label={`Edit ${item.name}`}
                      >
                        Edit
                      </Link>
                    </Button>
                    <RetireButton id={item.id} name={item.name} retired={item.retired} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** The page: the edit form when an item is chosen, the list, then the add form. */
export function PriceBookSection({
  page,
  resultFor,
}: {
  page: PriceBookPage;
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined;
}) {
  return (
    <section aria-labelledby="price-book-title" className="space-y-6">
      <h2 id="price-book-title" className="text-xl font-semibold">
        Price book
      </h2>
      <p className="text-sm text-slate-700">
        What estimates can pick from, per service. A retired item is no longer offered to new
        estimates; estimates already written keep what they copied.
      </p>
      {page.editing && (
        <TitledCard id="edit-item" title={<>Edit {page.editing.values.name}</>}>
          <PriceBookItemForm
            key={page.editing.id}
            intent="edit"
            itemId={page.editing.id}
            defaultValue={page.editing.values}
            lastResult={resultFor("edit")}
          />
        </TitledCard>
      )}
      <PriceBookList services={page.services} />
      <TitledCard id="add-item" title="Add an item">
        {/* a new form for each item added: after an add it starts empty, so a second click
           cannot add the same item twice (a refused add keeps what was typed) */}
        <PriceBookItemForm
          key={page.services.reduce((n, service) => n + service.items.length, 0)}
          intent="add"
          lastResult={resultFor("add")}
        />
      </TitledCard>
    </section>
  );
}
