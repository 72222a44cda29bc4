/**
 * The customer's properties page: the list of properties, each editable in a dialog, and the
 * "Add Property" dialog (a plain form on the page without JavaScript). Every form posts to the
 * page's action with a `form` field naming which form it is.
 */
import type { SubmissionResult } from "@conform-to/react";
import { ClipboardList, Home, Pencil, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardFooter, CardHeader, CardTitle, TitledCard } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { useIsPending } from "~/components/ui/use-is-pending";
import { WithoutJavaScript } from "~/components/ui/without-javascript";
import { PROPERTIES_PATH, PropertyForm } from "./property-form";
import type { PropertyInput } from "./property-schema";

/** A property as the page lists it. */
export type PropertyRow = PropertyInput & { id: string };

/** A dialog holding one property form; it closes once that form has been accepted. */
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
  // the action redirected: the page is loading after this dialog's form was saved
  const saved = useIsPending({
    formAction: PROPERTIES_PATH,
    state: "loading",
    field: ["form", formId],
  });
  return (
    <Dialog
      title={title}
      description="Where should our specialists come?"
      trigger={trigger}
      closeWhen={saved}
    >
      {children}
    </Dialog>
  );
}

/** The page's section; `resultFor(formId)` is the refused submission of that form, if any. */
export function PropertiesSection({
  properties,
  resultFor,
}: {
  properties: PropertyRow[];
  resultFor: (formId: string) => SubmissionResult<string[]> | undefined;
}) {
  // one add form in the dialog and one on the page without JavaScript, each with its own id
  const addForm = (id: string) => (
    <PropertyForm id={id} intent="add" lastResult={resultFor(id)} submitLabel="Add Property" />
  );
  return (
    <section aria-labelledby="properties-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="properties-title" className="text-xl font-semibold">
          Your Properties
        </h2>
        {/* keyed by what a save changes: React may skip the brief "loading" state under load
            (navigation updates are transitions), and a remount closes the dialog all the same */}
        <PropertyDialog
          key={properties.map((p) => p.id).join()}
          title="Add New Property"
          formId="add-property"
          trigger={
            <Button>
              <Plus aria-hidden="true" />
              Add Property
            </Button>
          }
        >
          {addForm("add-property")}
        </PropertyDialog>
      </div>
      {/* without JavaScript (no dialog): the form on the page */}
      <WithoutJavaScript>
        <TitledCard className="mt-4" title="Add New Property">
          {addForm("add-property-nojs")}
        </TitledCard>
      </WithoutJavaScript>

      {properties.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">You have not added a property yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {properties.map((property) => (
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
                <CardFooter className="flex-wrap gap-2">
                  <Button asChild size="sm">
                    <Link
                      to={href("/account/properties/:id", { id: property.id })}
                      aria-label={`Record of ${property.address}`}
                    >
                      <ClipboardList aria-hidden="true" />
                      Record
                    </Link>
                  </Button>
                  <PropertyDialog
                    key={[property.address, property.city, property.state, property.zipCode].join(
                      "|",
                    )}
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
                  {/* removal asks first, on a page of its own (routes/account/property-remove.tsx) */}
                  <Button asChild variant="ghost" size="sm">
                    <Link
                      to={href("/account/properties/:id/remove", { id: property.id })}
                      aria-label={`Remove ${property.address}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
