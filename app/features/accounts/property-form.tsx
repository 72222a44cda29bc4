import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { type PropertyInput, propertySchema } from "./property-schema";

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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("form") === id;
  return (
    <Form method="post" action="/account/properties" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={id} />
      {propertyId && <input type="hidden" name="id" value={propertyId} />}
      {form.errors?.[0] && (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {form.errors[0]}
        </p>
      )}
      <TextField meta={fields.address} label="Address" autoComplete="street-address" required />
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
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}
