/**
 * The profile's two-factor section: a password to start (or turn off) TOTP, then the QR code,
 * key and backup codes with the code that confirms them. Posts `intent` two-factor-start,
 * -verify or -disable to the profile's action.
 */
import type { ComponentProps, ReactNode } from "react";
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

/** A started two-factor by text message: the number's last 4 digits and the backup codes. */
export interface SmsEnrolmentView {
  ending: string;
  backupCodes: string[];
}

function BackupCodes({ codes, step }: { codes: string[]; step: number }) {
  return (
    <div>
      <p className="text-sm">
        {step}. Keep these backup codes somewhere safe. Each works once if you lose your phone.
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** The last step of a set-up: the first code (from the app or the text) turns two-factor on. */
function ConfirmCodeForm({ intent, id, label }: { intent: string; id: string; label: string }) {
  const verifying = useIsPending({ field: ["intent", intent] });
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <Field id={id} label={label}>
        {(aria) => (
          <Input {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" required />
        )}
      </Field>
      <Button type="submit" disabled={verifying}>
        Verify and Turn On
      </Button>
    </Form>
  );
}

/**
 * A set-up's three steps: `children` say how to get a code (1), then the backup codes to keep
 * (2) and the form for the first code (3, `label`), posted as `intent`.
 */
function EnrolmentSteps({
  children,
  backupCodes,
  ...confirm
}: { children: ReactNode; backupCodes: string[] } & ComponentProps<typeof ConfirmCodeForm>) {
  return (
    <div className="space-y-4">
      {children}
      <BackupCodes codes={backupCodes} step={2} />
      <ConfirmCodeForm {...confirm} />
    </div>
  );
}

/**
 * The section's content; `error` is the last refused two-factor post's message. With a
 * confirmed mobile number (`hasMobile`) two-factor can also be set up with texted codes alone.
 */
export function TwoFactorSection({
  enabled,
  hasMobile,
  error,
  enrolment,
  smsEnrolment,
}: {
  enabled: boolean;
  hasMobile: boolean;
  error?: string | undefined;
  enrolment?: TotpEnrolmentView | undefined;
  smsEnrolment?: SmsEnrolmentView | undefined;
}) {
  const switching = useIsPending({
    field: ["intent", enabled ? "two-factor-disable" : "two-factor-start"],
  });
  const startingSms = useIsPending({ field: ["intent", "two-factor-start-sms"] });
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {smsEnrolment ? (
        <EnrolmentSteps
          backupCodes={smsEnrolment.backupCodes}
          intent="two-factor-verify-sms"
          id="sms-two-factor-code"
          label="3. Enter the 6-digit code we texted you"
        >
          <p className="text-sm">
            1. We texted a 6-digit code to your number ending in {smsEnrolment.ending}.
          </p>
        </EnrolmentSteps>
      ) : enrolment ? (
        <EnrolmentSteps
          backupCodes={enrolment.backupCodes}
          intent="two-factor-verify"
          id="totp-code"
          label="3. Enter the 6-digit code the app shows"
        >
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
        </EnrolmentSteps>
      ) : (
        <Form method="post" className="space-y-3">
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
          <div className="flex flex-wrap gap-2">
            {/* the first button is the one Enter presses */}
            <Button
              type="submit"
              name="intent"
              value={enabled ? "two-factor-disable" : "two-factor-start"}
              variant={enabled ? "outline" : "default"}
              disabled={switching || startingSms}
            >
              {enabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
            </Button>
            {!enabled && hasMobile && (
              <Button
                type="submit"
                name="intent"
                value="two-factor-start-sms"
                variant="outline"
                disabled={switching || startingSms}
              >
                Use Text Messages Instead
              </Button>
            )}
          </div>
          {!enabled && (
            <p className="text-sm text-slate-600">
              {hasMobile
                ? "Set Up Two-Factor uses an authenticator app; or we text you a code at each sign-in."
                : "To get codes by text message instead of an app, add a mobile number below first."}
            </p>
          )}
        </Form>
      )}
    </>
  );
}
