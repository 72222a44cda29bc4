/**
 * The two steps of a sign-in with a one-time code we send (by email or by text): first the
 * address to send it to, then the code. Posts `step` send or verify; on the verify step the
 * address travels back in a hidden field named `address.name`.
 */
import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";

export function SentCodeForm({
  form,
  verifying,
  address,
  code,
  addressField,
  sendLabel,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: either step's form (email or mobile number)
  form: FormMetadata<any, string[]>;
  verifying: boolean;
  /** the hidden address of the verify step: field name and value */
  address: { name: string; value: string | undefined };
  code: FieldMetadata<string | undefined>;
  /** the send step's field: the email or mobile number */
  addressField: ReactNode;
  sendLabel: string;
}) {
  const busy = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="step" value={verifying ? "verify" : "send"} />
      {verifying ? (
        <>
          <input type="hidden" name={address.name} value={address.value} />
          <TextField
            meta={code}
            label="Sign-in Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
        </>
      ) : (
        addressField
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Please wait..." : verifying ? "Sign In" : sendLabel}
      </Button>
    </Form>
  );
}
