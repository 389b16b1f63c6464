"use client";

import { ImagePlus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { cx } from "@/components/ui/cx";
import { FieldError } from "@/components/ui/fields";
import { FilePicker } from "@/components/ui/FilePicker";
import { mediaVariantUrl } from "@/lib/media-url";
import { HEAD_BYTES, sniffKind, UPLOAD_LIMITS } from "./file-checks";
import { splitBytes } from "./upload-state";

export interface CoverValue {
  file: File | null;
  /** Object URL of `file` for the previews (made when picked, revoked when replaced or on leaving). */
  url?: string | null;
  error: string | null;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * The cover picker: choose or drop one image (checked by its bytes and size before anything is sent) and see it
 * cropped as the catalogue card (2:3) and as the wide banner will show it.
 */
export function CoverField({
  id,
  value,
  onChange,
  error,
  title,
  currentCardUrl,
  currentBannerUrl,
}: {
  id: string;
  value: CoverValue;
  onChange: (value: CoverValue) => void;
  error: string | null;
  title: string;
  currentCardUrl: string | null;
  currentBannerUrl: string | null;
}) {
  const t = useTranslations("mangaForm");
  const pick = useCoverPick(value.url, onChange);
  const cardSrc = value.url ?? (currentCardUrl ? mediaVariantUrl(currentCardUrl, 480) : null);
  const bannerSrc = value.url ?? (currentBannerUrl ? mediaVariantUrl(currentBannerUrl, 1080) : null);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <CoverDrop id={id} error={error} replace={Boolean(cardSrc)} removable={Boolean(value.file)} onPick={pick} onRemove={() => onChange({ file: null, url: null, error: null })} />

      <figure className="flex flex-col gap-1.5">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{t("coverPreviewCard")}</figcaption>
        <div className="relative aspect-[2/3] w-40 overflow-hidden rounded-2xl bg-zinc-200 shadow-md ring-1 ring-black/10 dark:bg-zinc-800" data-testid="cover-preview-card">
          {cardSrc ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local object URL or an immutable media URL
            <img src={cardSrc} alt={t("coverPreviewAlt", { title })} className="size-full object-cover" />
          ) : (
            <span className="grid size-full place-items-center p-3 text-center text-sm font-bold text-zinc-600 dark:text-zinc-300">{t("coverNone")}</span>
          )}
          <span dir="auto" className="absolute inset-x-0 bottom-0 truncate bg-linear-to-t from-black/85 to-transparent px-2.5 pb-2 pt-6 text-sm font-bold text-white">{title}</span>
        </div>
      </figure>
      <figure className="flex flex-col gap-1.5">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{t("coverPreviewBanner")}</figcaption>
        <div className="relative aspect-[3/1] w-full overflow-hidden rounded-2xl bg-zinc-200 shadow-md ring-1 ring-black/10 dark:bg-zinc-800" data-testid="cover-preview-banner">
          {bannerSrc && (
            // eslint-disable-next-line @next/next/no-img-element -- a local object URL or an immutable media URL
            <img src={bannerSrc} alt="" className="size-full object-cover" />
          )}
          <span className="absolute inset-0 from-black/80 via-black/30 to-transparent ltr:bg-linear-to-r rtl:bg-linear-to-l" aria-hidden />
          <span dir="auto" className="absolute inset-y-0 start-0 flex max-w-[70%] items-center px-4 text-base font-black leading-tight text-white">{title}</span>
        </div>
      </figure>
    </div>
  );
}

/**
 * Checks a picked or dropped image by its bytes and size, then hands it on with a preview URL (or the problem); each
 * preview URL is released when it is replaced and when the form goes away.
 */
function useCoverPick(url: string | null | undefined, onChange: (value: CoverValue) => void) {
  const tc = useTranslations("upload.checks");
  const tu = useTranslations("upload.units");
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);

  const size = (bytes: number) => {
    const { value: v, unit } = splitBytes(bytes);
    return `${v} ${tu(unit)}`;
  };

  return async (file: File | undefined) => {
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const kind = sniffKind(head);
    let problem: string | null = null;
    if (!kind || kind === "pdf") problem = tc("notImage");
    else if (file.size > UPLOAD_LIMITS.imageMaxBytes) problem = tc("imageTooLarge", { size: size(file.size) });
    onChange(problem ? { file: null, url: null, error: problem } : { file, url: URL.createObjectURL(file), error: null });
  };
}

/** The cover's label, the drop zone with the picker (and Remove once a new image is chosen), the hint and the error. */
function CoverDrop({ id, error, replace, removable, onPick, onRemove }: { id: string; error: string | null; replace: boolean; removable: boolean; onPick: (file: File | undefined) => Promise<void>; onRemove: () => void }) {
  const t = useTranslations("mangaForm");
  const [dragging, setDragging] = useState(false);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;

  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("cover")}</span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void onPick(e.dataTransfer.files[0]);
        }}
        className={cx(
          "flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-5 text-center transition",
          dragging ? "border-brand-500 bg-brand-50 dark:bg-brand-500/10" : error ? "border-red-400" : "border-zinc-300 dark:border-zinc-700",
        )}
        data-testid="cover-drop"
      >
        <FilePicker
          id={id}
          label={replace ? t("coverReplace") : t("coverPick")}
          icon={<ImagePlus aria-hidden />}
          accept={ACCEPT}
          labelledBy={`${id}-label`}
          describedBy={describedBy}
          invalid={Boolean(error)}
          onFiles={(files) => void onPick(files[0])}
        />
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("coverDrop")}</span>
        {removable && (
          <Button variant="dangerGhost" size="sm" icon={<Trash2 className="size-3.5" aria-hidden />} onClick={onRemove}>
            {t("coverRemove")}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("coverHint")}</p>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </div>
  );
}
