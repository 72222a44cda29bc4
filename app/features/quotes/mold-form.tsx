import { CheckboxField, ChoiceGroup, SelectField } from "~/components/ui/form-controls";
import * as enums from "~/features/catalog/enums";
import { PropertyTypeField } from "./property-type-field";
import { FormSection, type QuoteFormProps, QuoteFormShell, useQuoteForm } from "./quote-form";
import type { moldQuoteSchema } from "./schemas";

/**
 * Mold Assessment Request (SPEC section 2): validates on submit. Mold type and affected area
 * show only while 'visible mold' is checked - done in CSS (:has) so it works without JavaScript.
 */
export function MoldQuoteForm(props: QuoteFormProps) {
  const [form, fields] = useQuoteForm<typeof moldQuoteSchema>(props, { validateOn: "onSubmit" });
  return (
    <QuoteFormShell {...props} form={form as never} fields={fields as never}>
      <FormSection title="The Problem">
        <div className="group space-y-5">
          <CheckboxField meta={fields.visibleMold} label="I can see mold" />
          <div className="hidden gap-4 group-has-[input[name=visibleMold]:checked]:grid sm:grid-cols-2">
            <SelectField
              meta={fields.moldType}
              label="Mold Type"
              options={enums.moldType.options}
              placeholder="Select mold color"
            />
            <SelectField
              meta={fields.affectedArea}
              label="Affected Area"
              options={enums.affectedArea.options}
              placeholder="Select the size of the area"
            />
          </div>
        </div>
        <ChoiceGroup
          meta={fields.problemAreas}
          label="Problem Areas"
          required
          columns={3}
          options={enums.problemArea.options}
        />
        <ChoiceGroup
          meta={fields.symptomsConcerns}
          label="Symptoms or Concerns"
          columns={3}
          options={enums.symptom.options}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.issueDuration}
            label="How Long Has This Been an Issue?"
            options={enums.issueDuration.options}
          />
          <SelectField meta={fields.urgencyLevel} label="Urgency" options={enums.urgency.options} />
        </div>
        <CheckboxField
          meta={fields.recentWaterIssues}
          label="There were recent leaks, floods or water damage"
        />
        <CheckboxField meta={fields.previousTreatment} label="The mold has been treated before" />
      </FormSection>
      <FormSection title="Your Property">
        <PropertyTypeField meta={fields.propertyType} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.propertyAge}
            label="Property Age"
            options={enums.propertyAge.options}
          />
          <SelectField
            meta={fields.hvacSystemType}
            label="HVAC System Type"
            options={enums.hvacSystemType.options}
          />
        </div>
      </FormSection>
    </QuoteFormShell>
  );
}
