/**
 * Generates public/favicon.ico from public/favicon.svg, for the browsers, feed readers and tools
 * that ask for /favicon.ico whatever the page says: 16, 32 and 48 px PNG images in one ICO file
 * (PNG inside ICO: every browser since Windows Vista's era reads it). Run after changing the icon:
 *   node scripts/favicon-ico.ts
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "public/favicon.svg"));
const sizes = [16, 32, 48];
const images = await Promise.all(
  sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()),
);

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const entry = 6 + 16 * i;
  const size = sizes[i] as number;
  header.writeUInt8(size, entry); // width
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
fs.writeFileSync(path.join(root, "public/favicon.ico"), Buffer.concat([header, ...images]));
console.log(`public/favicon.ico: ${sizes.join(", ")} px`);
