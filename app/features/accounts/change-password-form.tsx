import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ConfirmPasswordField } from "./confirm-password-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "./schemas";

/** The profile's Change Password form (current password, new password twice). */
export function ChangePasswordForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const busy = useIsPending({ field: ["intent", "change-password"] });
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      {formError && <Alert>{formError}</Alert>}
      <TextField
        meta={fields.currentPassword}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        meta={fields.newPassword}
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`}
      />
      <ConfirmPasswordField meta={fields.confirmPassword} label="Confirm New Password" />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Change Password"}
      </Button>
    </Form>
  );
}
