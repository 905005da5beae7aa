import images from "virtual:content-images";
import { useEffect, useRef, useState } from "react";

interface FallbackPictureProps {
  name: string;
  /** Content image shown instead when `name` is missing or fails to load. */
  fallback: string;
  alt: string;
  sizes: string;
  className?: string;
}

/** A content picture that swaps to a placeholder when it cannot be loaded (SPEC §2, contact teaser). */
export function FallbackPicture({ name, fallback, alt, sizes, className }: FallbackPictureProps) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  const image = (!failed && images[name]) || images[fallback];

  useEffect(() => {
    // An image that failed before hydration fired its error event before React was listening.
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!image) return null;
  return (
    // A new key remounts <picture>, so the browser picks a source again from the new srcsets.
    <picture key={failed ? "fallback" : "primary"}>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        ref={imgRef}
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        className={className}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
