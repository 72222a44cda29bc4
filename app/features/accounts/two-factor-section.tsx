/**
 * The profile's two-factor section: a password to start (or turn off) TOTP, then the QR code,
 * key and backup codes with the code that confirms them. Posts `intent` two-factor-start,
 * -verify or -disable to the profile's action.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Field, Input } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";

/** What a started enrolment shows: the QR code, its key and the one-time backup codes. */
export interface TotpEnrolmentView {
  qrDataUrl: string;
  secret: string;
  backupCodes: string[];
}

/** The section's content; `error` is the last refused two-factor post's message. */
export function TwoFactorSection({
  enabled,
  error,
  enrolment,
}: {
  enabled: boolean;
  error?: string | undefined;
  enrolment?: TotpEnrolmentView | undefined;
}) {
  const verifying = useIsPending({ field: ["intent", "two-factor-verify"] });
  const switching = useIsPending({
    field: ["intent", enabled ? "two-factor-disable" : "two-factor-start"],
  });
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {enrolment ? (
        <div className="space-y-4">
          <p className="text-sm">
            1. Scan this code with your authenticator app, or type the key below.
          </p>
          <img
            src={enrolment.qrDataUrl}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
          <p className="text-sm">
            Key:{" "}
            <code className="break-all rounded bg-slate-100 px-1 font-mono">
              {enrolment.secret}
            </code>
          </p>
          <div>
            <p className="text-sm">
              2. Keep these backup codes somewhere safe. Each works once if you lose your phone.
            </p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {enrolment.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-factor-verify" />
            <Field id="totp-code" label="3. Enter the 6-digit code the app shows">
              {(aria) => (
                <Input
                  {...aria}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={verifying}>
              Verify and Turn On
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <input
            type="hidden"
            name="intent"
            value={enabled ? "two-factor-disable" : "two-factor-start"}
          />
          <Field id="two-factor-password" label="Current Password">
            {(aria) => (
              <Input
                {...aria}
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            )}
          </Field>
          <Button type="submit" variant={enabled ? "outline" : "default"} disabled={switching}>
            {enabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
          </Button>
        </Form>
      )}
    </>
  );
}
