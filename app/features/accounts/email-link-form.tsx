import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { emailOnlySchema } from "./schemas";

/**
 * The page of a form that mails a link to an address (`emailLinkAction`): one email field,
 * its `submitLabel`, and once sent `sentMessage` (which never says whether the address has an
 * account) under `sentTitle`.
 */
export function EmailLinkForm({
  id,
  actionData,
  title,
  sentTitle = title,
  description,
  sentMessage,
  submitLabel,
}: {
  id: string;
  actionData: { result: SubmissionResult<string[]>; sent: boolean } | undefined;
  title: string;
  sentTitle?: string;
  description: string;
  sentMessage: string;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema }),
  });
  const busy = useIsPending();
  return (
    <AuthCard
      title={actionData?.sent ? sentTitle : title}
      description={description}
      error={form.errors?.[0]}
      footer={
        <Link to={href("/auth/signin")} className="font-medium text-brand-800 underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.sent && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          {sentMessage}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : submitLabel}
        </Button>
      </Form>
    </AuthCard>
  );
}
