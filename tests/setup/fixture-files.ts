/**
 * Files a homeowner or the crew uploads, made on the fly: a phone photo carrying GPS and camera
 * EXIF (which the site must strip) and a one-page PDF report.
 */
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

/** A 1200 x 900 JPEG whose EXIF names the camera and a place near Salt Lake City; `red` varies its bytes. */
export const jpegWithGps = (red = 40): Promise<Buffer> =>
  sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: red, g: 120, b: 200 } },
  })
    .withExif({
      IFD0: { Make: "Phone", Model: "Test 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 45/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "111/1 53/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();

/** A one-page PDF (300 x 300 pt) saying `text`, written without object streams so its text is greppable. */
export async function pdfSaying(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText(text, { x: 20, y: 150 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
