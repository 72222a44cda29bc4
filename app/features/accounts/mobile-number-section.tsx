/**
 * The profile's mobile number: add one (we text a 6-digit code, then it is confirmed with that
 * code), or remove the confirmed one. Posts `intent` phone-send, phone-confirm or phone-remove to
 * the profile's action; works without JavaScript.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Alert, TextField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { mobileNumberSchema, smsCodeSchema } from "./phone-schemas";

/**
 * @param mobileNumber the confirmed number as people write it, or null
 * @param pending the number a code was just texted to (the code step is next)
 * @param result the last refused phone post's reply (field and form errors)
 */
export function MobileNumberSection({
  mobileNumber,
  pending,
  result,
}: {
  mobileNumber: string | null;
  pending?: { phoneNumber: string; display: string } | undefined;
  result?: SubmissionResult<string[]> | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Mobile Number
          {mobileNumber && <Badge tone="success">Confirmed</Badge>}
        </CardTitle>
        <CardDescription>
          Sign in with a code sent by text message, and get your two-factor code by text if you use
          two-factor authentication.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {pending ? (
          <ConfirmForm pending={pending} result={result} />
        ) : (
          <>
            {mobileNumber && <ConfirmedNumber mobileNumber={mobileNumber} />}
            <AddForm replacing={mobileNumber !== null} result={result} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ConfirmedNumber({ mobileNumber }: { mobileNumber: string }) {
  const removing = useIsPending({ field: ["intent", "phone-remove"] });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="font-medium">{mobileNumber}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="phone-remove" />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={removing}
          aria-label={`Remove mobile number ${mobileNumber}`}
        >
          {removing ? "Removing..." : "Remove"}
        </Button>
      </Form>
    </div>
  );
}

function AddForm({
  replacing,
  result,
}: {
  replacing: boolean;
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "phone-send",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mobileNumberSchema }),
  });
  const busy = useIsPending({ field: ["intent", "phone-send"] });
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="phone-send" />
      {formError && <Alert>{formError}</Alert>}
      <TextField
        meta={fields.phoneNumber}
        label={replacing ? "New Mobile Number" : "Mobile Number"}
        type="tel"
        autoComplete="tel"
        required
        hint="US numbers as you dial them, such as (801) 555-0123; other countries with + and the country code. We text a 6-digit code to confirm it."
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Text Me a Code"}
      </Button>
    </Form>
  );
}

function ConfirmForm({
  pending,
  result,
}: {
  pending: { phoneNumber: string; display: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "phone-confirm",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: smsCodeSchema }),
  });
  const busy = useIsPending({ field: ["intent", "phone-confirm"] });
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="phone-confirm" />
      <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
      {formError ? (
        <Alert>{formError}</Alert>
      ) : (
        <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          We texted a 6-digit code to {pending.display}. It works for 10 minutes.
        </p>
      )}
      <TextField
        meta={fields.code}
        label="Code From the Text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Checking..." : "Confirm Number"}
        </Button>
        <Link
          to={href("/account/profile")}
          className="text-sm font-medium text-brand-800 underline"
        >
          Use a different number
        </Link>
      </div>
    </Form>
  );
}
