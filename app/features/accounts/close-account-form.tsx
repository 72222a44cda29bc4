import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  CLOSE_CONFIRMATION_WORD,
  closeWithCodeSchema,
  closeWithPasswordSchema,
} from "./close-account-schema";

/**
 * The 'Close Account' confirmation: the password (or, for an account without one, an emailed
 * code: 'Email Me a Code' first) and the typed confirmation word. Posts to /account/close.
 */
export function CloseAccountForm({
  hasPassword,
  codeSent,
  lastResult,
}: {
  hasPassword: boolean;
  codeSent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "close-account",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: hasPassword ? closeWithPasswordSchema : closeWithCodeSchema,
      }),
  });
  const closing = useIsPending({ field: ["intent", "close"] });
  const sending = useIsPending({ field: ["intent", "send-code"] });
  const formError = form.errors?.[0];
  return (
    <div className="space-y-6">
      {!hasPassword && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="send-code" />
          <p className="text-slate-700">
            {codeSent
              ? "We emailed you a 6-digit code. It works for 10 minutes."
              : "Your account has no password: we email you a code to confirm it is you."}
          </p>
          <Button type="submit" variant="outline" disabled={sending}>
            {sending ? "Sending..." : codeSent ? "Email Me a New Code" : "Email Me a Code"}
          </Button>
        </Form>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="close" />
        {formError && <Alert>{formError}</Alert>}
        {hasPassword ? (
          <TextField
            meta={fields.password}
            label="Your Password"
            type="password"
            autoComplete="current-password"
            required
          />
        ) : (
          <TextField
            meta={fields.code}
            label="Code From the Email"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
        )}
        <TextField
          meta={fields.confirmation}
          label={`Type ${CLOSE_CONFIRMATION_WORD} to confirm`}
          autoComplete="off"
          required
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" disabled={closing}>
            {closing ? "Closing..." : "Close My Account"}
          </Button>
          <Button asChild variant="outline">
            <Link to={href("/account/profile")}>Cancel</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
