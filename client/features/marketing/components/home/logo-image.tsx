import type { LogoRef } from "../../lib/home-content.ts";

// Logos stay SVG (crisp at any size, a few kB each): served as cacheable files, not through <Picture>.
// `?no-inline` rather than `?url`: small files would otherwise be inlined as data URIs into the JS and HTML.
const logoUrls = import.meta.glob<string>("../../../../../content/logos/*.svg", {
  eager: true,
  query: "?no-inline",
  import: "default",
});

const urlOf = (file: string) => logoUrls[`../../../../../content/logos/${file}.svg`];

/** A company or software logo from content/logos, with its name as alt text; the name alone if the file is missing. */
export function LogoImage({ logo, className }: { logo: LogoRef; className?: string }) {
  const url = urlOf(logo.file);
  if (!url) return <span className="text-lg font-bold text-steel-700">{logo.name}</span>;
  return (
    <img
      src={url}
      alt={logo.name}
      width={logo.width}
      height={logo.height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
