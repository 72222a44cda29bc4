import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ChangePasswordForm } from "~/features/accounts/change-password-form";
import { FullNameForm } from "~/features/accounts/full-name-form";
import {
  profileAction,
  profilePageData,
  type SecurityReply,
} from "~/features/accounts/profile-actions.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  return profilePageData(requireUser(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context, requireUser(request, context));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Profile", description: "Your profile settings.", noIndex: true });
}

function isSecurityReply(value: unknown): value is SecurityReply {
  return typeof value === "object" && value !== null && "section" in value;
}

const inputClass = "block w-full rounded-md border border-slate-400 px-3 py-2 text-base";

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const security = isSecurityReply(actionData) ? actionData : undefined;
  const profileResult = isSecurityReply(actionData) ? undefined : actionData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-2xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile Settings</CardTitle>
          <CardDescription>Signed in as {loaderData.email}</CardDescription>
        </CardHeader>
        <CardContent>
          <FullNameForm
            lastResult={profileResult}
            defaultValue={loaderData.fullName}
            submitLabel="Save Changes"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            Two-Factor Authentication
            <Badge tone={loaderData.twoFactorEnabled ? "completed" : "neutral"}>
              {loaderData.twoFactorEnabled ? "On" : "Off"}
            </Badge>
          </CardTitle>
          <CardDescription>
            Ask for a code from an authenticator app (such as Google Authenticator or 1Password)
            when you sign in.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {security?.section === "two-factor" && security.error && (
            <p
              role="alert"
              className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {security.error}
            </p>
          )}
          {security?.enrolment ? (
            <div className="space-y-4">
              <p className="text-sm">
                1. Scan this code with your authenticator app, or type the key below.
              </p>
              <img
                src={security.enrolment.qrDataUrl}
                alt="QR code for your authenticator app"
                width={200}
                height={200}
              />
              <p className="text-sm">
                Key:{" "}
                <code className="break-all rounded bg-slate-100 px-1 font-mono">
                  {security.enrolment.secret}
                </code>
              </p>
              <div>
                <p className="text-sm">
                  2. Keep these backup codes somewhere safe. Each works once if you lose your phone.
                </p>
                <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
                  {security.enrolment.backupCodes.map((code) => (
                    <li key={code}>{code}</li>
                  ))}
                </ul>
              </div>
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="two-factor-verify" />
                <label htmlFor="totp-code" className="block text-sm font-medium">
                  3. Enter the 6-digit code the app shows
                </label>
                <input
                  id="totp-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  className={inputClass}
                />
                <Button type="submit" disabled={busy}>
                  Verify and Turn On
                </Button>
              </Form>
            </div>
          ) : (
            <Form method="post" className="space-y-3">
              <input
                type="hidden"
                name="intent"
                value={loaderData.twoFactorEnabled ? "two-factor-disable" : "two-factor-start"}
              />
              <label htmlFor="two-factor-password" className="block text-sm font-medium">
                Current Password
              </label>
              <input
                id="two-factor-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
              />
              <Button
                type="submit"
                variant={loaderData.twoFactorEnabled ? "outline" : "default"}
                disabled={busy}
              >
                {loaderData.twoFactorEnabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Change Password</CardTitle>
          <CardDescription>Your other devices are signed out when it changes.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm
            lastResult={security?.section === "password" ? security.result : undefined}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Signed-in Devices</CardTitle>
          <CardDescription>Sign out anywhere you do not recognise.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {loaderData.devices.map((device) => (
              <li
                key={device.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  <p className="font-medium">{device.device}</p>
                  <p className="text-sm text-slate-600">
                    {device.ipAddress} · signed in {device.signedInAt}
                  </p>
                </div>
                {device.current ? (
                  <Badge tone="completed">This device</Badge>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-session" />
                    <input type="hidden" name="sessionId" value={device.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out ${device.device}, signed in ${device.signedInAt}`}
                    >
                      Sign out
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {loaderData.devices.length > 1 && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="revoke-others" />
              <Button type="submit" variant="outline">
                Sign Out Other Devices
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
