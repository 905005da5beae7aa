/**
 * DESIGN §17: an uploaded picture made into the build's sizes and formats (decision 004: AVIF and
 * WebP at 480–1600 px, never upscaled), cropped to the site's 3:2 frame around its focal point.
 * sharp decodes in libuv's thread pool, not on the event loop; one picture is encoded at a time
 * per process, so uploads cannot take every core from the pages and the chat.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { encodedWidths, siteImageLimits, WHOLE_PICTURE_WIDTH } from "../../../shared/site-images.ts";
import { payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The largest box of `aspect` inside width × height, centred on the focal point as far as the edges let it. */
export function cropAround(
  width: number,
  height: number,
  focal: { x: number; y: number },
  aspect: number = siteImageLimits.aspect,
): CropBox {
  const wide = width / height > aspect;
  const cropWidth = wide ? Math.max(1, Math.round(height * aspect)) : width;
  const cropHeight = wide ? height : Math.max(1, Math.round(width / aspect));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    left: clamp(focal.x * width - cropWidth / 2, width - cropWidth),
    top: clamp(focal.y * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

export interface EncodedFile {
  fileName: string;
  format: "avif" | "webp";
  width: number;
  data: Buffer;
}

export interface EncodedImage {
  /** The upload's own size, as shown (after its EXIF orientation). */
  original: { width: number; height: number };
  /** The crop's id in the files' names: the first 8 hex digits of a hash of the picture and its box. */
  crop: string;
  /** The largest file's size (what the markup's width and height say). */
  width: number;
  height: number;
  files: EncodedFile[];
}

/** 415 for what is not a picture sharp can read, 413 for one over the pixel limit. */
const unreadable = () => unsupportedMediaType("This file could not be read as a picture (JPEG, PNG, WebP or AVIF).");
const tooManyPixels = () =>
  payloadTooLarge(`The picture is larger than ${siteImageLimits.maxPixels / 1_000_000} megapixels: make it smaller.`);

const readOptions = { limitInputPixels: siteImageLimits.maxPixels, failOn: "error" } as const;

/** The picture's size as shown (after its EXIF orientation), without decoding it; refuses what cannot be read. */
export async function measure(input: Buffer): Promise<{ width: number; height: number }> {
  // The header only: the pixel limit is this function's own check, with its own answer.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw unreadable();
  if (width * height > siteImageLimits.maxPixels) throw tooManyPixels();
  return { width, height };
}

/**
 * The build's quality, at a lower effort than its 4: on a detailed photo effort 4 took 12 s for
 * the 1600 px file alone, effort 2 1.2 s for a file 2 % larger (bench:pictures, decision 056).
 */
const AVIF_EFFORT = 2;

let queue: Promise<unknown> = Promise.resolve();
/** Runs encodes one after another in this process. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Every file of the picture cropped around `focal`, named `<id>-<crop>-<width>.<format>`; with
 * `whole`, also the whole picture small (`<id>-whole.webp`, made once, at the upload).
 */
export function encodeImage(
  id: string,
  input: Buffer,
  focal: { x: number; y: number },
  whole = false,
): Promise<EncodedImage> {
  return oneAtATime(async () => {
    const { width, height } = await measure(input);
    const box = cropAround(width, height, focal);
    const crop = createHash("sha256")
      .update(`${id}:${box.left},${box.top},${box.width},${box.height}`)
      .digest("hex")
      .slice(0, 8);
    const widths = encodedWidths(box.width);
    const largest = widths[widths.length - 1]!;
    // Cropped and brought to the largest width once, without loss; each file is made from that.
    const { data, info } = await sharp(input, readOptions)
      .autoOrient()
      .extract(box)
      .resize({ width: largest })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw unreadable();
      });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const files: EncodedFile[] = [];
    for (const format of ["avif", "webp"] as const) {
      for (const fileWidth of widths) {
        const pipeline = sharp(data, raw).resize({ width: fileWidth });
        const encoded =
          format === "avif"
            ? await pipeline.avif({ quality: 55, effort: AVIF_EFFORT }).toBuffer()
            : await pipeline.webp({ quality: 78 }).toBuffer();
        files.push({ fileName: `${id}-${crop}-${fileWidth}.${format}`, format, width: fileWidth, data: encoded });
      }
    }
    if (whole) {
      const data = await sharp(input, readOptions)
        .autoOrient()
        .resize({ width: Math.min(width, WHOLE_PICTURE_WIDTH) })
        .webp({ quality: 70 })
        .toBuffer();
      files.push({ fileName: `${id}-whole.webp`, format: "webp", width: Math.min(width, WHOLE_PICTURE_WIDTH), data });
    }
    return { original: { width, height }, crop, width: info.width, height: info.height, files };
  });
}

/** The markup of an encoded picture, as the build's images have it (client/vite/content-images.ts). */
export function imageMarkup(id: string, crop: string, width: number, base: string) {
  const widths = encodedWidths(width);
  const srcset = (format: string) => widths.map((w) => `${base}/${id}-${crop}-${w}.${format} ${w}w`).join(", ");
  const fallback = widths.includes(800) ? 800 : widths[widths.length - 1]!;
  return { avif: srcset("avif"), webp: srcset("webp"), src: `${base}/${id}-${crop}-${fallback}.webp` };
}
