import { parseWithZod } from "@conform-to/zod/v4";
import { Home, Pencil, Plus, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { WithoutJavaScript } from "~/components/ui/without-javascript";
import {
  addProperty,
  listProperties,
  removeProperty,
  updateProperty,
} from "~/features/accounts/properties.server";
import { PropertyForm } from "~/features/accounts/property-form";
import { propertySchema } from "~/features/accounts/property-schema";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/properties";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const properties = await listProperties(user.id);
  return {
    properties: properties.map((p) => ({
      id: p.id,
      address: p.address,
      city: p.city,
      state: p.state,
      zipCode: p.zip_code,
    })),
  };
}

const ADD_FAILED = "Failed to add property. Please try again.";
const SAVE_FAILED = "Failed to update property. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const form = String(formData.get("form") ?? "");
  const id = String(formData.get("id") ?? "");

  if (intent === "remove") {
    const removed = await removeProperty(user.id, id);
    if (!removed) throw data(null, { status: 404 });
    return redirectWithToast("/account/properties", { type: "success", title: "Property Removed" });
  }

  const submission = parseWithZod(formData, { schema: propertySchema });
  if (submission.status !== "success") return data({ form, result: submission.reply() }, 400);
  if (intent !== "add" && intent !== "update") throw data(null, { status: 400 });
  let saved: boolean;
  try {
    saved =
      intent === "add"
        ? Boolean(await addProperty(user.id, submission.value))
        : await updateProperty(user.id, id, submission.value);
  } catch (error) {
    logger().error({ err: error }, "Failed to save property");
    const message = intent === "add" ? ADD_FAILED : SAVE_FAILED;
    return data({ form, result: submission.reply({ formErrors: [message] }) }, 500);
  }
  if (!saved) throw data(null, { status: 404 });
  return redirectWithToast(
    "/account/properties",
    intent === "add"
      ? {
          type: "success",
          title: "Property Added",
          description: "Your property has been successfully added",
        }
      : { type: "success", title: "Property Updated" },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Your Properties",
    description: "Your properties.",
    noIndex: true,
  });
}

function PropertyDialog({
  title,
  trigger,
  formId,
  children,
}: {
  title: string;
  trigger: ReactNode;
  formId: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  // close once this dialog's form has been accepted (the action redirected)
  useEffect(() => {
    if (navigation.state === "loading" && navigation.formData?.get("form") === formId)
      setOpen(false);
  }, [navigation, formId]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-slate-600">
            Where should our specialists come?
          </Dialog.Description>
          {children}
          <Dialog.Close asChild>
            <Button variant="ghost" className="mt-2">
              Cancel
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function PropertiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) toast.error("Error", { description: message });
  }, [actionData]);
  return (
    <section aria-labelledby="properties-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="properties-title" className="text-xl font-semibold">
          Your Properties
        </h2>
        <PropertyDialog
          title="Add New Property"
          formId="add-property"
          trigger={
            <Button>
              <Plus aria-hidden="true" />
              Add Property
            </Button>
          }
        >
          <PropertyForm
            id="add-property"
            intent="add"
            lastResult={resultFor("add-property")}
            submitLabel="Add Property"
          />
        </PropertyDialog>
      </div>
      {/* without JavaScript (no dialog): the form on the page */}
      <WithoutJavaScript>
        <Card className="mt-4">
          <CardHeader>
            <CardTitle as="h3">Add New Property</CardTitle>
          </CardHeader>
          <CardContent>
            <PropertyForm
              id="add-property-nojs"
              intent="add"
              lastResult={resultFor("add-property-nojs")}
              submitLabel="Add Property"
            />
          </CardContent>
        </Card>
      </WithoutJavaScript>

      {loaderData.properties.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">You have not added a property yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.properties.map((property) => (
            <li key={property.id}>
              <Card className="h-full">
                <CardHeader>
                  <Home className="size-6 text-brand-700" aria-hidden="true" />
                  <CardTitle as="h3" small>
                    {property.address}
                  </CardTitle>
                  <p className="text-sm text-slate-700">
                    {property.city}, {property.state} {property.zipCode}
                  </p>
                </CardHeader>
                <CardFooter className="gap-2">
                  <PropertyDialog
                    title="Edit Property"
                    formId={`edit-${property.id}`}
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Edit ${property.address}`}>
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                    }
                  >
                    <PropertyForm
                      id={`edit-${property.id}`}
                      intent="update"
                      propertyId={property.id}
                      defaultValue={property}
                      lastResult={resultFor(`edit-${property.id}`)}
                      submitLabel="Save Changes"
                    />
                  </PropertyDialog>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={property.id} />
                    <Button
                      variant="ghost"
                      size="sm"
                      type="submit"
                      aria-label={`Remove ${property.address}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </Form>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
