/**
 * Fixtures of jobs' completion records: a JPEG carrying EXIF (so a test sees it stripped), a
 * one-page PDF, and the mold record's form as the job page posts it.
 */
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

/** A small JPEG photo with EXIF, as a phone's camera gives it. */
export async function jpegFile(name = "photo.jpg", red = 200): Promise<File> {
  const jpeg = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: red, g: 30, b: 30 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: "Phone" } })
    .toBuffer();
  return new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" });
}

/** A one-page PDF saying `text`. */
export async function pdfFile(name = "report.pdf", text = "Clearance passed"): Promise<File> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText(text, { x: 20, y: 150 });
  return new File([new Uint8Array(await doc.save())], name, { type: "application/pdf" });
}

/**
 * The mold record form with one area (before and after photos), a moisture reading, and the
 * verification: `independent` with the assessor's report, or the non-independent disclosure.
 */
export async function moldRecordForm(
  verification: "independent" | "not_independent" = "not_independent",
): Promise<FormData> {
  const form = new FormData();
  form.set("intent", "record");
  form.set("areas.0.room", "Basement bedroom");
  form.set("areas.0.squareFeet", "120");
  form.set("areas.0.condition", "3");
  form.set("areas.0.before", await jpegFile("before.jpg", 90));
  form.set("areas.0.after", await jpegFile("after.jpg", 180));
  form.set("containment", "full");
  form.set("moisture.0.area", "Basement bedroom");
  form.set("moisture.0.material", "Drywall");
  form.set("moisture.0.reading", "11.5");
  form.set("moisture.0.instrument", "Delmhorst BD-2100");
  form.set("materialsRemoved", "Drywall to 4 ft, carpet pad");
  form.set("verification", verification);
  if (verification === "independent") {
    form.set("assessorName", "Dana Fox");
    form.set("assessorCompany", "Clear Air Assessors");
    form.set("assessedOn", "2026-12-04");
    form.set("assessmentPassed", "yes");
    form.set("assessorReport", await pdfFile("clearance.pdf"));
  } else {
    form.set(
      "disclosure",
      "Our own technician checked the work; no independent assessor was hired.",
    );
  }
  return form;
}
