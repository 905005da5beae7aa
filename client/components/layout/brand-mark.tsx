import site from "../../../content/site.json";

/** The brand in the navbar: a beam mark and the name, with a highlight sweeping across every 4 s. */
export function BrandMark() {
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32" className="shrink-0">
        <rect width="32" height="32" rx="6" fill="#162030" />
        <path d="M7 9h18v3.5H18v7h7V23H7v-3.5h7v-7H7z" fill="#f26b1d" />
      </svg>
      <span className="brand-sweep text-lg md:max-lg:text-base md:max-lg:tracking-[0.08em] font-extrabold tracking-[0.14em] text-steel-950 uppercase">
        {site.brand.name}
      </span>
    </span>
  );
}
