import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data } from "react-router";
import { toast } from "~/components/ui/toaster";
import { addProperty, listProperties, updateProperty } from "~/features/accounts/properties.server";
import { PropertiesSection } from "~/features/accounts/property-list";
import { propertySchema } from "~/features/accounts/property-schema";
import { logger } from "~/lib/logger.server";
import { privatePageMeta } from "~/lib/seo";
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
  return privatePageMeta(args, "Your Properties", "Your properties.");
}

export default function PropertiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) toast.error("Error", { description: message });
  }, [actionData]);
  return <PropertiesSection properties={loaderData.properties} resultFor={resultFor} />;
}
