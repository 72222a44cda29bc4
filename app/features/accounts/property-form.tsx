import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { type PropertyInput, propertySchema } from "./property-schema";

/** Where every property form posts (the properties page's action). */
export const PROPERTIES_PATH = href("/account/properties");

/** Address, City, State, ZIP Code; posts `intent` (add or update) and, to update, the id. */
export function PropertyForm({
  id,
  intent,
  propertyId,
  defaultValue,
  lastResult,
  submitLabel,
}: {
  id: string;
  intent: "add" | "update";
  propertyId?: string;
  defaultValue?: Partial<PropertyInput>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { state: "UT", ...defaultValue },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: propertySchema }),
  });
  const busy = useIsPending({ formAction: PROPERTIES_PATH, field: ["form", id] });
  return (
    <Form method="post" action={PROPERTIES_PATH} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={id} />
      {propertyId && <input type="hidden" name="id" value={propertyId} />}
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      <AddressFields fields={fields} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}

/**
 * Address, City, State and ZIP Code fields of a Conform form whose fields are a property's
 * (propertySchema): the property form, and a request's service address (booking, admin page).
 */
export function AddressFields({
  fields,
  addressLabel = "Address",
}: {
  fields: Record<keyof PropertyInput, FieldMetadata<string>>;
  addressLabel?: string;
}) {
  return (
    <>
      <TextField
        meta={fields.address}
        label={addressLabel}
        autoComplete="street-address"
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          meta={fields.city}
          label="City"
          autoComplete="address-level2"
          required
          className="sm:col-span-1"
        />
        <TextField meta={fields.state} label="State" autoComplete="address-level1" required />
        <TextField
          meta={fields.zipCode}
          label="ZIP Code"
          autoComplete="postal-code"
          inputMode="numeric"
          required
        />
      </div>
    </>
  );
}
