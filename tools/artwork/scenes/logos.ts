import { font } from "../lib/font.ts";
import { C, el, n, svgDocument } from "../lib/svg.ts";

/** Small wordmarks for the software and partner strips: outlined type + a neutral emblem. */

const W = 240;
const H = 80;
const PRIMARY = C.steel;
const SECONDARY = C.mid;

interface Wordmark {
  title: string;
  emblem: string;
  name: string;
  sub?: string;
  /** Name set in regular weight after the bold part (e.g. "Tekla" + " Structures"). */
  nameRest?: string;
}

function wordmark(w: Wordmark): string {
  const bold = font("sans-bold");
  const regular = font("sans");
  const x = 74;
  const maxW = W - x - 6;
  const parts: string[] = [el("g", { fill: SECONDARY }, w.emblem)];
  if (w.sub) {
    let size = 25;
    const spacing = 1.2;
    while (bold.measure(w.name, size, spacing) > maxW) size -= 0.5;
    parts.push(el("path", { d: bold.path(w.name, x, 41, size, spacing, 1), fill: PRIMARY }));
    let subSize = 10.5;
    let subSpacing = 2.6;
    while (regular.measure(w.sub, subSize, subSpacing) > maxW) {
      if (subSpacing > 1) subSpacing -= 0.2;
      else subSize -= 0.5;
    }
    parts.push(el("path", { d: regular.path(w.sub, x + 1, 58, subSize, subSpacing, 1), fill: SECONDARY }));
    parts.push(el("path", { d: `M${x + 1} 47.5h${n(Math.min(maxW, 34))}`, stroke: SECONDARY, "stroke-width": 1.4 }));
  } else {
    let size = 26;
    const rest = w.nameRest ?? "";
    const measure = (s: number) => bold.measure(w.name, s) + (rest ? regular.measure(rest, s) : 0);
    while (measure(size) > maxW) size -= 0.5;
    const baseline = 40 + size * 0.36;
    parts.push(el("path", { d: bold.path(w.name, x, baseline, size, 0, 1), fill: PRIMARY }));
    if (rest) {
      parts.push(
        el("path", { d: regular.path(rest, x + bold.measure(w.name, size), baseline, size, 0, 1), fill: SECONDARY }),
      );
    }
  }
  return svgDocument({ width: W, height: H, title: w.title, body: parts });
}

// Emblems live in a 56×56 box at (8, 12).
const EMBLEMS = {
  // Isometric frame corner: a neutral "model" glyph.
  model: `<path d="M36 14 60 27v27L36 67 12 54V27Z" fill="none" stroke="currentColor"/><path d="M36 17.5 57 29 36 40.5 15 29Z" opacity=".35"/><path d="M15 31.5l19.5 10.7V63L15 52.3Z" opacity=".75"/><path d="M37.5 42.2 57 31.5v20.8L37.5 63Z"/>`,
  // Stacked beam sections.
  sections: `<path d="M12 18h22v5h-8.5v13H34v5H12v-5h8.5V23H12Z"/><path d="M38 18h22v5h-8.5v13H60v5H38v-5h8.5V23H38Z" opacity=".6"/><path d="M12 46h48v5H12Zm0 10h48v5H12Z" opacity=".85"/>`,
  apex: `<path d="M36 13 62 62H10Z" fill="none" stroke="${SECONDARY}" stroke-width="4" stroke-linejoin="round"/><path d="M36 13 24 62M36 13l12 49M19 45h34M29 62l7-17 7 17" fill="none" stroke="${SECONDARY}" stroke-width="2.2"/>`,
  meridian: `<circle cx="36" cy="40" r="25" fill="none" stroke="${SECONDARY}" stroke-width="4"/><path d="M36 15c-11 8-11 42 0 50m0-50c11 8 11 42 0 50M36 15v50M12 40h48" fill="none" stroke="${SECONDARY}" stroke-width="2.4"/>`,
  granite: `<path d="M36 12 60 26v28L36 68 12 54V26Z"/><path d="M36 12v26l24-12M36 38 12 26m24 12v30" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2"/><path d="M22 46l8 3-2 8m18-15 6 7" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.6"/>`,
  keystone: `<path d="M12 64V44a24 24 0 0 1 48 0v20h-8V44a16 16 0 0 0-32 0v20Z" opacity=".55"/><path d="M29 13h14l-3 21h-8Z"/>`,
  atlas: `<circle cx="36" cy="40" r="25" fill="none" stroke="${SECONDARY}" stroke-width="3"/><path d="M21 30h30v5h-12v10h12v5H21v-5h12V35H21Z"/><path d="M36 15v10M36 55v10" stroke="${SECONDARY}" stroke-width="3"/>`,
  bluewater: `<path d="M10 36 36 16l26 20h-7v6H17v-6Z"/><path d="M10 52c6-5 11-5 17 0s11 5 17 0 11-5 18 0M10 62c6-5 11-5 17 0s11 5 17 0 11-5 18 0" fill="none" stroke="${SECONDARY}" stroke-width="3.2" stroke-linecap="round"/>`,
} as const;

export const logos: Record<string, () => string> = {
  "content/logos/tekla-structures.svg": () =>
    wordmark({
      title: "Tekla Structures",
      emblem: EMBLEMS.model.replaceAll("currentColor", SECONDARY),
      name: "Tekla",
      nameRest: " Structures",
    }),
  "content/logos/sds2.svg": () => wordmark({ title: "SDS2", emblem: EMBLEMS.sections, name: "SDS2" }),
  "content/logos/partner-apex-fabricators.svg": () =>
    wordmark({ title: "Apex Fabricators", emblem: EMBLEMS.apex, name: "APEX", sub: "FABRICATORS" }),
  "content/logos/partner-meridian-steel.svg": () =>
    wordmark({ title: "Meridian Steel", emblem: EMBLEMS.meridian, name: "MERIDIAN", sub: "STEEL" }),
  "content/logos/partner-granite-construction.svg": () =>
    wordmark({ title: "Granite Construction", emblem: EMBLEMS.granite, name: "GRANITE", sub: "CONSTRUCTION" }),
  "content/logos/partner-keystone-engineering.svg": () =>
    wordmark({ title: "Keystone Engineering", emblem: EMBLEMS.keystone, name: "KEYSTONE", sub: "ENGINEERING" }),
  "content/logos/partner-atlas-erectors.svg": () =>
    wordmark({ title: "Atlas Erectors", emblem: EMBLEMS.atlas, name: "ATLAS", sub: "ERECTORS" }),
  "content/logos/partner-bluewater-builders.svg": () =>
    wordmark({ title: "Bluewater Builders", emblem: EMBLEMS.bluewater, name: "BLUEWATER", sub: "BUILDERS" }),
};

export function favicon(): string {
  return svgDocument({
    width: 32,
    height: 32,
    title: "Northbeam",
    body: [
      `<rect width="32" height="32" rx="6.5" fill="${C.navy}"/>`,
      `<path d="M7 7h18v4.2h-6.6v9.6H25V25H7v-4.2h6.6v-9.6H7Z" fill="${C.orange}"/>`,
    ],
  });
}
