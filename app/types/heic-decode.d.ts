/** heic-decode 2.1 (ships no types): the first image of a HEIC/HEIF file as RGBA pixels. */
declare module "heic-decode" {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, rows top to bottom */
    data: Uint8ClampedArray;
  }
  /** @throws TypeError when the buffer is no HEIC, Error when it cannot be decoded */
  export default function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>;
}
