/**
 * The admin quote page's "Service address" form: staff set the street address of a request that
 * has only a ZIP code (a guest's), or correct it; posted to the quote page's own action
 * (features/quotes/service-address.server.ts, a property's address rules).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { AddressFields } from "~/features/accounts/property-form";
import type { ServiceAddress } from "~/features/quotes/service-address.server";

/** The form's `intent` on the quote page. */
export const SERVICE_ADDRESS_INTENT = "service-address";

/** The address fields filled with `current`, and the action's reply `result` after a refusal. */
export function ServiceAddressForm({
  current,
  result,
}: {
  current: ServiceAddress;
  result: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm<{
    address: string;
    city: string;
    state: string;
    zipCode: string;
  }>({
    id: "service-address",
    lastResult: result,
    defaultValue: {
      address: current.address ?? "",
      city: current.city ?? "",
      state: current.state ?? "UT",
      zipCode: current.zipCode,
    },
    shouldValidate: "onSubmit",
  });
  const busy = useIsPending({ field: ["intent", SERVICE_ADDRESS_INTENT] });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={SERVICE_ADDRESS_INTENT} />
      {!current.address && (
        <p className="text-sm text-slate-700">
          This request has only a ZIP code. Set the street address of the visit; its test results
          are kept at this address.
        </p>
      )}
      {result?.error && Object.keys(result.error).length > 0 && (
        <Alert>Please correct the address below.</Alert>
      )}
      <AddressFields fields={fields} addressLabel="Street address" />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : current.address ? "Correct the address" : "Set the address"}
      </Button>
    </Form>
  );
}
