/**
 * An uploaded picture's details as its form holds them: `base`, what the admin's edits start from
 * (what the server had when the form opened, or last said), and `draft`, what the form shows. Only
 * the details the admin changed are sent, with what they were read as, so that a colleague's
 * change of another detail stays, and one of the same detail is a 409 (shared/site-images.ts).
 */
import {
  type SiteImage,
  type SiteImageChange,
  type SiteImageDetails,
  siteImageDetailKeys,
} from "../../../../shared/site-images.ts";

export interface PictureForm {
  base: SiteImageDetails;
  draft: SiteImageDetails;
}

export const detailsOf = (image: SiteImage): SiteImageDetails => ({
  alt: image.alt,
  decorative: image.decorative,
  focalX: image.focalX,
  focalY: image.focalY,
});

export const pictureForm = (details: SiteImageDetails): PictureForm => ({ base: details, draft: details });

const touched = (form: PictureForm) => siteImageDetailKeys.filter((key) => form.draft[key] !== form.base[key]);

export const isDirty = (form: PictureForm) => touched(form).length > 0;

/** The server's copy moved (a save, or a colleague's seen on a refresh): the details not changed here follow it. */
export function followServer(form: PictureForm, theirs: SiteImageDetails): PictureForm {
  const changed = new Set(touched(form));
  const each = (value: (key: keyof SiteImageDetails) => unknown) =>
    Object.fromEntries(siteImageDetailKeys.map((key) => [key, value(key)])) as SiteImageDetails;
  return {
    base: each((key) => (changed.has(key) ? form.base[key] : theirs[key])),
    draft: each((key) => (changed.has(key) ? form.draft[key] : theirs[key])),
  };
}

/** The PATCH body: the details changed here (alt text trimmed), and what each was read as. */
export function changeFrom(form: PictureForm): SiteImageChange {
  const keys = touched(form);
  const pick = (details: SiteImageDetails) =>
    Object.fromEntries(keys.map((key) => [key, key === "alt" ? details.alt.trim() : details[key]]));
  return { ...pick(form.draft), read: pick(form.base) };
}

/**
 * After a 409: the server's copy becomes the base (a save now keeps the admin's details over it,
 * knowingly), the admin's details stay in the form, and the details where the two differ are named
 * to be shown beside each other.
 */
export function acknowledge(form: PictureForm, theirs: SiteImageDetails) {
  const next = followServer(form, theirs);
  const rebased = { base: theirs, draft: next.draft };
  return { form: rebased, differing: siteImageDetailKeys.filter((key) => rebased.draft[key] !== theirs[key]) };
}
