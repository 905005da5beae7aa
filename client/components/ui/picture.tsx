import images from "virtual:content-images";
import { useUploadedImage } from "~/lib/site-content";

export interface PictureProps {
  /** Path under content/images without extension, e.g. "projects/harbor-bridge". */
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** Above-the-fold images load eagerly with high priority (LCP); the rest lazily. */
  priority?: boolean;
}

/**
 * A content image in AVIF/WebP with srcset and explicit width/height (no layout shift): one of the
 * build's, or one the firm uploaded (its alt text is the picture's own; a decorative one has none).
 */
export function Picture({ name, alt, sizes, className, priority = false }: PictureProps) {
  const uploaded = useUploadedImage(name);
  const image = uploaded ?? images[name];
  if (!image) throw new Error(`Unknown content image "${name}" (add it under content/images, or upload it)`);
  return (
    <picture>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={uploaded ? (uploaded.decorative ? "" : uploaded.alt) : alt}
        width={image.width}
        height={image.height}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}

export const hasImage = (name: string) => name in images;
