import images from "virtual:content-images";
import { ImageUp } from "lucide-react";
import { type MouseEvent, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import { describedEnough, type SiteImage, type SiteImageDetails } from "../../../../shared/site-images.ts";
import { useChangeImage, useReadImageAgain, useSiteImages, useUploadImage } from "../api/images.ts";
import {
  acknowledge,
  changeFrom,
  detailsOf,
  followServer,
  isDirty,
  type PictureForm,
  pictureForm,
} from "../lib/picture-details.ts";
import type { ControlProps } from "./controls.tsx";

export const IMAGE_LIST_ID = "site-editor-images";
const buildNames = Object.keys(images).sort();
const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif";

/** The names of the build's images and of the uploaded ones, for every image field's suggestions (once per form). */
export function ImageNames() {
  const { data: uploads = [] } = useSiteImages();
  return (
    <datalist id={IMAGE_LIST_ID}>
      {uploads.map((image) => (
        <option key={image.id} value={image.name} label={image.alt || image.fileName} />
      ))}
      {buildNames.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}

/**
 * An image field: the name of one of the build's images or of an uploaded picture, a small
 * preview, and an upload. An uploaded picture shows its details under it: alt text, the
 * decorative mark and the focal point it is cropped around.
 */
export function ImageControl({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  inputRef,
  className,
}: ControlProps<unknown>) {
  const text = typeof value === "string" ? value : "";
  const { data: uploads } = useSiteImages();
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploaded = uploads?.find((image) => image.name === text);
  const preview = uploaded?.src ?? images[text]?.src;
  const unknown = text !== "" && !preview && uploads !== undefined;
  return (
    <div className={className}>
      <Field
        label={label}
        hint={unknown ? `“${text}” is not one of the site's pictures: the page could not be published with it.` : hint}
        error={error ?? (upload.error ? messageFrom(upload.error, "The picture could not be uploaded.") : undefined)}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            {preview && (
              <img src={preview} alt="" width={48} height={32} className="h-8 w-12 shrink-0 rounded object-cover" />
            )}
            <Input
              {...control}
              ref={inputRef}
              value={text}
              className="min-w-0 flex-1 sm:max-w-md"
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              maxLength={120}
              list={IMAGE_LIST_ID}
              autoComplete="off"
              spellCheck={false}
            />
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED}
              className="sr-only"
              tabIndex={-1}
              aria-label={`Upload a picture for ${label}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) upload.mutate(file, { onSuccess: (image) => onChange(image.name) });
              }}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <ImageUp className="size-4" aria-hidden="true" />
              Upload
            </Button>
          </div>
        )}
      </Field>
      {uploaded && <ImageDetails key={uploaded.id} image={uploaded} />}
    </div>
  );
}

const percent = (fraction: number) => Math.round(fraction * 100);

/** One coordinate of the focal point, in whole percent: what a keyboard moves. */
function FocalRange({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <label>
      {label} {percent(value)}%
      <input
        type="range"
        min={0}
        max={100}
        value={percent(value)}
        onChange={(event) => onChange(event.target.valueAsNumber / 100)}
        className="w-full"
      />
    </label>
  );
}

/** Theirs, beside a detail the admin changed that a colleague changed too (after a 409), and a way to take it. */
function Theirs({ children, onUse }: { children: string; onUse: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-amber-800">
      <span>Theirs: {children}</span>
      <button type="button" onClick={onUse} className="font-semibold text-steel-800 underline underline-offset-2">
        Use theirs
      </button>
    </p>
  );
}

/**
 * An uploaded picture's alt text, decorative mark and focal point, saved together: only what the
 * admin changed is sent, so a colleague's change of another detail stays; a change of the same
 * detail is a 409, answered with theirs beside mine (lib/picture-details.ts).
 */
function ImageDetails({ image }: { image: SiteImage }) {
  const change = useChangeImage();
  const readAgain = useReadImageAgain();
  const id = useId();
  const server = detailsOf(image);
  const serverKey = JSON.stringify(server);
  const [form, setForm] = useState<PictureForm>(() => pictureForm(server));
  const [seen, setSeen] = useState(serverKey);
  // After a 409: the server's copy, and the details where it differed from the form.
  const [conflict, setConflict] = useState<{ theirs: SiteImageDetails; differing: (keyof SiteImageDetails)[] } | null>(
    null,
  );
  const theirs = conflict?.theirs ?? null;
  if (seen !== serverKey) {
    // The server's copy moved (a save, a colleague's seen on a refresh): what was not changed here follows it.
    setSeen(serverKey);
    setForm(followServer(form, server));
  }
  const { alt, decorative } = form.draft;
  const focal = { x: form.draft.focalX, y: form.draft.focalY };
  const edit = (details: Partial<SiteImageDetails>) => setForm({ ...form, draft: { ...form.draft, ...details } });
  const setAlt = (next: string) => edit({ alt: next });
  const setDecorative = (next: boolean) => edit({ decorative: next });
  const setFocal = (next: { x: number; y: number }) => edit({ focalX: next.x, focalY: next.y });
  const dirty = isDirty(form);
  // The details where theirs, shown after a 409, still differs from what the form holds.
  const clash = (keys: (keyof SiteImageDetails)[]) =>
    conflict !== null &&
    keys.some((key) => conflict.differing.includes(key) && form.draft[key] !== conflict.theirs[key]);
  const save = () =>
    change.mutate(
      { id: image.id, change: changeFrom(form) },
      {
        onSuccess: (saved) => {
          setForm(pictureForm(detailsOf(saved)));
          setSeen(JSON.stringify(detailsOf(saved)));
          setConflict(null);
        },
        onError: async (error) => {
          if (!(error instanceof HttpError && error.status === 409)) return;
          const current = await readAgain(image.id);
          if (!current) return;
          const answer = acknowledge(form, detailsOf(current));
          setForm(answer.form);
          setSeen(JSON.stringify(detailsOf(current)));
          setConflict({ theirs: detailsOf(current), differing: answer.differing });
        },
      },
    );
  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = (at: number, start: number, size: number) => Math.min(1, Math.max(0, (at - start) / size));
    setFocal({
      x: Math.round(fraction(event.clientX, box.left, box.width) * 100) / 100,
      y: Math.round(fraction(event.clientY, box.top, box.height) * 100) / 100,
    });
  };
  const altError = fieldErrorsFrom(change.error).alt;
  return (
    <fieldset className="mt-2 grid min-w-0 gap-3 rounded-md border border-steel-200 bg-steel-50 p-3 sm:grid-cols-[16rem_1fr]">
      <legend className="px-1 text-xs font-semibold text-steel-600">
        Picture {image.fileName} ({image.originalWidth}×{image.originalHeight})
      </legend>
      <div>
        <button
          type="button"
          onClick={place}
          className="relative block w-full cursor-crosshair overflow-hidden rounded"
          aria-label="Place the focal point: the page's 3:2 frame is cropped around it"
        >
          <img src={image.whole} alt="" className="block w-full" />
          <span
            aria-hidden="true"
            className="absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent-500 shadow"
            style={{ left: `${percent(focal.x)}%`, top: `${percent(focal.y)}%` }}
          />
        </button>
        <div className="mt-2 grid grid-cols-2 gap-2 text-xs text-steel-700">
          <FocalRange label="Across" value={focal.x} onChange={(x) => setFocal({ ...focal, x })} />
          <FocalRange label="Down" value={focal.y} onChange={(y) => setFocal({ ...focal, y })} />
        </div>
        {theirs && clash(["focalX", "focalY"]) && (
          <Theirs onUse={() => setFocal({ x: theirs.focalX, y: theirs.focalY })}>
            {`across ${percent(theirs.focalX)}%, down ${percent(theirs.focalY)}%`}
          </Theirs>
        )}
      </div>
      <div className="grid content-start gap-3">
        <Field
          label="Alt text"
          hint="What the picture shows, for those who cannot see it. Published pages need it, unless the picture is decorative."
          error={altError}
        >
          {(control) => (
            <Input
              {...control}
              value={alt}
              maxLength={300}
              disabled={decorative}
              onChange={(event) => setAlt(event.target.value)}
            />
          )}
        </Field>
        {theirs && clash(["alt"]) && (
          <Theirs onUse={() => setAlt(theirs.alt)}>{theirs.alt ? `“${theirs.alt}”` : "no alt text"}</Theirs>
        )}
        <label htmlFor={`${id}-decorative`} className="flex items-center gap-2 text-sm text-steel-800">
          <input
            id={`${id}-decorative`}
            type="checkbox"
            checked={decorative}
            onChange={(event) => setDecorative(event.target.checked)}
            className="size-4"
          />
          Decorative: it only adorns the page (shown without alt text)
        </label>
        {theirs && clash(["decorative"]) && (
          <Theirs onUse={() => setDecorative(theirs.decorative)}>
            {theirs.decorative ? "decorative" : "not decorative"}
          </Theirs>
        )}
        {!describedEnough({ alt, decorative }) && (
          <p className="text-sm font-medium text-amber-800">
            Needs alt text, or the decorative mark, before it can be published.
          </p>
        )}
        {change.error && !altError && (
          <p className="text-sm font-medium text-red-700">
            {messageFrom(change.error, "The picture's details could not be saved.")}
          </p>
        )}
        <div>
          <Button type="button" size="sm" disabled={!dirty} loading={change.isPending} onClick={save}>
            Save picture
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
