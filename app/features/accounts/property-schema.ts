import "~/lib/zod-browser";
import { z } from "zod";
import { requiredText } from "~/lib/required-text";

const required = (message: string, max = 200) =>
  requiredText(message, max, `Please keep this under ${max} characters`);

/** A property's address (SPEC: Address, City, State, ZIP Code). */
export const propertySchema = z.object({
  address: required("Address is required"),
  city: required("City is required", 100),
  state: required("State is required", 50),
  zipCode: z
    .string({ error: "ZIP code is required" })
    .trim()
    .min(5, "ZIP code is required")
    .regex(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code"),
});

export type PropertyInput = z.infer<typeof propertySchema>;
