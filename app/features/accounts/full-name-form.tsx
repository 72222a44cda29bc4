import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, TextField } from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { useIsPending } from "~/components/ui/use-is-pending";
import { fullNameSchema } from "./schemas";

/** The one-field Full Name form of profile setup and Profile Settings. */
export function FullNameForm({
  lastResult,
  defaultValue,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: string;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    id: "full-name",
    lastResult,
    defaultValue: { fullName: defaultValue },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fullNameSchema }),
  });
  const busy = useIsPending({ field: ["intent", null] });
  const formError = form.errors?.[0];
  useEffect(() => {
    if (formError) toast.error("Error", { description: formError });
  }, [formError]);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField meta={fields.fullName} label="Full Name" autoComplete="name" required />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}
