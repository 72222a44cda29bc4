import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  newPasswordSchema,
  PASSWORD_TOO_SHORT,
  signUpSchema,
} from "~/features/accounts/schemas";
import {
  formErrorMessages,
  moldQuoteSchema,
  radonQuoteSchema,
  waterQuoteSchema,
} from "~/features/quotes/schemas";
import { formData, validAnswers } from "../setup/forms";

type Fields = Readonly<Record<string, string | readonly string[] | undefined>>;

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Fields) {
  const submission = parseWithZod(formData(fields), { schema });
  if (submission.status === "success") return {};
  return submission.error ?? {};
}

/** The value of a submission that must have parsed; fails the test when it did not. */
function parsedValue<S extends { status?: string; value?: unknown }>(
  submission: S,
): Extract<S, { status: "success" }>["value"] {
  expect(submission.status).toBe("success");
  if (submission.status !== "success") throw new Error("the submission should have parsed");
  return submission.value as Extract<S, { status: "success" }>["value"];
}

describe("water quote schema", () => {
  const valid: Fields = { ...validAnswers.water_filtration };

  it("accepts a complete answer and coerces numbers, lists and checkboxes", () => {
    const submission = parseWithZod(formData(valid), { schema: waterQuoteSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      numBathrooms: 2,
      numResidents: 4,
      currentIssues: ["taste", "hardness"],
      hasExistingFilter: true,
      preferredContactMethod: "phone",
    });
  });

  it.each([
    ["currentIssues", undefined, "Please select at least one issue"],
    ["numBathrooms", "0", "Number of bathrooms is required"],
    ["numBathrooms", undefined, "Number of bathrooms is required"],
    ["numResidents", "0", "Number of residents is required"],
    ["email", "not-an-email", "Invalid email address"],
    ["waterSource", "lake", "Please select a water source"],
    ["propertyType", "castle", "Please select a property type"],
    ["firstName", "", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["phone", "801555", "Phone number is required"],
    ["zipCode", "841", "ZIP code is required"],
  ])("rejects %s=%s with '%s'", (field, value, message) => {
    expect(errorsOf(waterQuoteSchema, { ...valid, [field]: value })[field]).toContain(message);
  });

  it("defaults contact method to email and time to morning", () => {
    const submission = parseWithZod(
      formData({ ...valid, preferredContactMethod: undefined, bestTimeToContact: undefined }),
      { schema: waterQuoteSchema },
    );
    expect(parsedValue(submission)).toMatchObject({
      preferredContactMethod: "email",
      bestTimeToContact: "morning",
    });
  });

  it("ignores unknown fields", () => {
    const submission = parseWithZod(formData({ ...valid, is_admin: "true", user_id: "x" }), {
      schema: waterQuoteSchema,
    });
    expect(parsedValue(submission)).not.toHaveProperty("user_id");
  });

  it("gives the SPEC's form-level messages", () => {
    expect(formErrorMessages("water_filtration", ["email", "waterSource"])).toEqual([
      "Validation Error: Please fill in all contact information",
      "Please select a water source and at least one issue",
    ]);
  });
});

describe("mold quote schema", () => {
  const valid: Fields = { ...validAnswers.mold };

  it("accepts a complete answer; an unchecked box is false", () => {
    const submission = parseWithZod(formData({ ...valid, visibleMold: undefined }), {
      schema: moldQuoteSchema,
    });
    expect(parsedValue(submission).visibleMold).toBe(false);
  });

  it.each([
    ["propertyType", undefined, "Property type is required"],
    ["problemAreas", undefined, "Please select at least one problem area"],
    ["email", "", "Email is required"],
    ["phone", "", "Phone number is required"],
  ])("rejects %s=%s with '%s'", (field, value, message) => {
    expect(errorsOf(moldQuoteSchema, { ...valid, [field]: value })[field]).toContain(message);
  });

  it("gives the SPEC's form-level messages", () => {
    expect(formErrorMessages("mold", ["firstName", "problemAreas"])).toEqual([
      "Missing contact information: Please fill in all contact information fields",
      "Missing property information: Please select a property type and at least one problem area",
    ]);
  });
});

describe("radon quote schema", () => {
  const valid: Fields = { ...validAnswers.radon };

  it.each([
    ["0", 0],
    ["100", 100],
    [undefined, undefined],
  ])("accepts square footage %s", (value, expected) => {
    const submission = parseWithZod(formData({ ...valid, squareFootage: value }), {
      schema: radonQuoteSchema,
    });
    expect(parsedValue(submission).squareFootage).toBe(expected);
  });

  it.each(["99", "1", "-5", "abc"])(
    "rejects square footage %s with 'Invalid square footage'",
    (value) => {
      expect(
        errorsOf(radonQuoteSchema, { ...valid, squareFootage: value }).squareFootage,
      ).toContain("Invalid square footage");
    },
  );

  it("requires a property type", () => {
    expect(
      errorsOf(radonQuoteSchema, { ...valid, propertyType: undefined }).propertyType,
    ).toContain("Property type is required");
  });

  it("refuses a previous test date in the future", () => {
    expect(
      errorsOf(radonQuoteSchema, { ...valid, previousTestDate: "2999-01-01" }).previousTestDate,
    ).toContain("The test date cannot be in the future");
  });
});

describe("a too-short password gets one message, whatever its length (issue 16 point 10)", () => {
  const short = ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg"];
  it.each(short)("%s: sign-up, reset and change all say at least 8", (password) => {
    const message = "Password must be at least 8 characters long";
    expect(PASSWORD_TOO_SHORT).toBe(message);
    expect(
      errorsOf(signUpSchema, { email: "a@example.com", password, confirmPassword: password }),
    ).toEqual({ password: [message] });
    expect(
      errorsOf(newPasswordSchema, { password, confirmPassword: password, token: "t" }),
    ).toEqual({ password: [message] });
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "old one",
        newPassword: password,
        confirmPassword: password,
      }),
    ).toEqual({ newPassword: [message] });
  });
});
