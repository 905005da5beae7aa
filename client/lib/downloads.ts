/** What a browser tab shows by itself; anything else is better saved than opened. */
const viewableTypes = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"]);

export const isViewableType = (type: string | null | undefined) => viewableTypes.has((type ?? "").toLowerCase());

/** The file name a Content-Disposition header gives: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

export interface LoadedFile {
  blob: Blob;
  fileName: string | null;
}

const REVOKE_AFTER_MS = 60_000;

/** Saves a blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Opens a protected file in a new tab (SPEC §7): the tab is opened at once, inside the click, so no
 * popup blocker stops it, then pointed at the fetched blob. Files a tab cannot show (Word, CAD,
 * archives) are saved instead, and so is everything when the tab could not be opened.
 */
export async function openFile(load: () => Promise<LoadedFile>, name: string, type: string | null) {
  const tab = isViewableType(type) ? window.open("", "_blank") : null;
  if (tab) {
    tab.document.title = name;
    tab.document.body.textContent = `Loading ${name}…`;
  }
  try {
    const { blob, fileName } = await load();
    if (!tab) {
      saveBlob(blob, fileName ?? name);
      return;
    }
    // The blob's type decides how the tab renders it: only the viewable type we expect.
    const url = URL.createObjectURL(new Blob([blob], { type: type ?? "application/octet-stream" }));
    tab.location.href = url;
    tab.opener = null;
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
