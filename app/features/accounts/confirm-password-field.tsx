import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/form-controls";

/** The new password typed a second time (sign-up, reset, change), for the browser a new password. */
export function ConfirmPasswordField({
  meta,
  label = "Confirm Password",
}: {
  meta: FieldMetadata<unknown>;
  label?: string;
}) {
  return (
    <TextField meta={meta} label={label} type="password" autoComplete="new-password" required />
  );
}
