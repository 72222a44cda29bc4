/**
 * The profile's signed-in devices: each other session signs out on its own, or all at once
 * (posts `intent` revoke-session with its id, or revoke-others, to the profile's action).
 */
import { Form, href } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-controls";
import { RowActionForm } from "~/components/ui/row-action-form";

/** One signed-in session as the list shows it. */
export interface DeviceRow {
  id: string;
  device: string;
  ipAddress: string;
  signedInAt: string;
  current: boolean;
}

/**
 * The list of `devices`, this one marked, 'Sign Out of Other Devices' when there are others, and
 * 'Sign Out Everywhere' (this device too; the list itself stays on the profile).
 */
export function SignedInDevices({ devices, error }: { devices: DeviceRow[]; error?: string }) {
  return (
    <>
      {error && <Alert className="mb-4">{error}</Alert>}
      <ul className="divide-y divide-slate-200">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">{device.device}</p>
              <p className="text-sm text-slate-600">
                {device.ipAddress} · signed in {device.signedInAt}
              </p>
            </div>
            {device.current ? (
              <Badge tone="success">This device</Badge>
            ) : (
              <RowActionForm
                intent="revoke-session"
                fields={{ sessionId: device.id }}
                label={`Sign out ${device.device}, signed in ${device.signedInAt}`}
              >
                Sign out
              </RowActionForm>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {devices.length > 1 && (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-others" />
            <Button type="submit" variant="outline">
              Sign Out of Other Devices
            </Button>
          </Form>
        )}
        <Form method="post" action={href("/auth/signout")}>
          <input type="hidden" name="scope" value="everywhere" />
          <Button type="submit" variant="outline">
            Sign Out Everywhere
          </Button>
        </Form>
      </div>
    </>
  );
}
