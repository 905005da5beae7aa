import type { ReactNode } from "react";

export interface PageBannerProps {
  eyebrow: string;
  title: string;
  intro: string;
  children?: ReactNode;
}

/** The short header every inner marketing page opens with: eyebrow, the page's only <h1>, an intro. */
export function PageBanner({ eyebrow, title, intro, children }: PageBannerProps) {
  return (
    <header className="relative isolate overflow-hidden bg-steel-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10" style={blueprintGrid} />
      <div
        aria-hidden="true"
        className="absolute inset-y-0 right-0 -z-10 w-2/3 bg-linear-to-l from-steel-800/70 via-steel-900/40 to-transparent"
      />
      <FrameDrawing />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:py-24">
        <p className="flex items-center gap-3 text-xs font-bold tracking-[0.2em] text-accent-400 uppercase sm:text-sm">
          <span aria-hidden="true" className="h-0.5 w-8 bg-accent-500" />
          {eyebrow}
        </p>
        <h1 className="mt-4 max-w-3xl text-3xl lg:max-w-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-base leading-relaxed text-steel-300 sm:text-lg lg:max-w-xl xl:max-w-2xl">
          {intro}
        </p>
        {children}
      </div>
      <div aria-hidden="true" className="h-1 bg-linear-to-r from-accent-500 via-accent-500 to-accent-700" />
    </header>
  );
}

const blueprintGrid = {
  backgroundImage:
    "linear-gradient(to right, rgb(255 255 255 / 0.045) 1px, transparent 1px), linear-gradient(to bottom, rgb(255 255 255 / 0.045) 1px, transparent 1px)",
  backgroundSize: "32px 32px",
};

/** A line drawing of a braced steel frame: decoration on wide screens only. */
function FrameDrawing() {
  const columns = [40, 140, 240, 340];
  const floors = [30, 100, 170, 240];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 380 270"
      className="absolute right-6 bottom-0 -z-10 hidden h-[80%] max-w-[40%] text-steel-700 opacity-70 lg:block xl:right-16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {columns.map((x) => (
        <line key={`c${x}`} x1={x} y1={floors[0]} x2={x} y2={270} />
      ))}
      {floors.map((y) => (
        <line key={`f${y}`} x1={20} y1={y} x2={360} y2={y} />
      ))}
      <path d="M140 30 L240 100 M240 30 L140 100 M140 100 L240 170 M240 100 L140 170 M140 170 L240 240 M240 170 L140 240" />
      <g className="text-accent-600" fill="currentColor" stroke="none">
        {columns.flatMap((x) =>
          floors.map((y) => <rect key={`n${x}-${y}`} x={x - 4} y={y - 4} width="8" height="8" />),
        )}
      </g>
    </svg>
  );
}
