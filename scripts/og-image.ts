/**
 * Generates the 1200x630 Open Graph image (public/og-image.png) from an SVG drawn here (sharp
 * renders it; text in the system's DejaVu/Liberation fonts). Run after changing the brand:
 *   node scripts/og-image.ts
 */
import path from "node:path";
import sharp from "sharp";
import { company } from "../app/features/catalog/company.ts";

const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#134e4a"/>
      <stop offset="1" stop-color="#0f766e"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1060" cy="110" r="170" fill="#ffffff" opacity=".06"/>
  <circle cx="1120" cy="560" r="120" fill="#ffffff" opacity=".05"/>
  <text x="80" y="150" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#99f6e4">${escapeXml(company.name)}</text>
  <text x="80" y="260" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="68" font-weight="700" fill="#ffffff">Expert Environmental</text>
  <text x="80" y="345" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="68" font-weight="700" fill="#ffffff">Remediation in Utah</text>
  <text x="80" y="420" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="32" fill="#ccfbf1">Water filtration · Mold · Radon</text>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#134e4a">
    <rect x="80" y="480" width="380" height="64" rx="32" fill="#ccfbf1"/>
    <text x="270" y="521" text-anchor="middle">24/7 emergency service</text>
    <rect x="480" y="480" width="260" height="64" rx="32" fill="#ccfbf1"/>
    <text x="610" y="521" text-anchor="middle">EPA guidelines</text>
    <rect x="760" y="480" width="220" height="64" rx="32" fill="#ffffff"/>
    <text x="870" y="521" text-anchor="middle">Free quotes</text>
  </g>
  <g transform="translate(930 170)">
    <path d="M80 0 C80 0 0 90 0 140 a80 80 0 0 0 160 0 C160 90 80 0 80 0z" fill="#5eead4" opacity=".9"/>
    <path d="M50 150 a32 32 0 0 0 30 32" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>
  </g>
</svg>`;

const output = path.resolve("public/og-image.png");
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(output);
const { width, height, size } = await sharp(output)
  .metadata()
  .then(async (m) => ({
    width: m.width,
    height: m.height,
    size: (await import("node:fs")).statSync(output).size,
  }));
console.log(`Wrote ${output}: ${width}x${height}, ${size} bytes`);
