"use client";

import { Minus, Move, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type RefObject } from "react";
import { SliderField } from "@/components/ui/fields";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { BANNER_ASPECT, BANNER_EXPORT } from "@/lib/validation/site-settings";

/** Where the image sits in the 8:3 frame: zoom ≥ 1 (1 = the image just covers the frame) and the centre's offset. */
interface Crop {
  zoom: number;
  /** The visible window's centre in the image, as fractions of its width and height (0.5 = centred). */
  cx: number;
  cy: number;
}

type Size = { width: number; height: number };

const MAX_ZOOM = 4;
/**
 * What a phone shows of the banner: on a 360 px screen the banner box is 328 × 336 px (BANNER_HEIGHT, 1 rem margins)
 * and the image covers it from the centre, so the middle (328 / 336) / (8 / 3) ≈ 37 % of its width is seen. The crop
 * frame marks that band, so the important part of the picture can be kept inside it.
 */
const PHONE_BAND = 328 / 336 / BANNER_ASPECT;
const PHONE_SIDE = `${(((1 - PHONE_BAND) / 2) * 100).toFixed(1)}%`;
const JPEG_QUALITY = 0.9;

/** The visible window's size as fractions of the image, for a zoom (cover fit: one side exactly, the other ≤ 1). */
function windowOf(image: Size, zoom: number): { w: number; h: number } {
  const imageAspect = image.width / image.height;
  // At zoom 1 the frame covers the image's full width (wide images: full height) exactly.
  const w = imageAspect > BANNER_ASPECT ? BANNER_ASPECT / imageAspect : 1;
  const h = imageAspect > BANNER_ASPECT ? 1 : imageAspect / BANNER_ASPECT;
  return { w: w / zoom, h: h / zoom };
}

function clampCrop(image: Size, crop: Crop): Crop {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, crop.zoom));
  const { w, h } = windowOf(image, zoom);
  const clamp = (v: number, half: number) => Math.min(1 - half, Math.max(half, v));
  return { zoom, cx: clamp(crop.cx, w / 2), cy: clamp(crop.cy, h / 2) };
}

/** The crop's window drawn onto a BANNER_EXPORT-sized canvas, as a JPEG (null: the browser could not draw it). */
async function exportCrop(image: HTMLImageElement, size: Size, crop: Crop): Promise<Blob | null> {
  const { w, h } = windowOf(size, crop.zoom);
  const canvas = document.createElement("canvas");
  canvas.width = BANNER_EXPORT.width;
  canvas.height = BANNER_EXPORT.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, (crop.cx - w / 2) * size.width, (crop.cy - h / 2) * size.height, w * size.width, h * size.height, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

/** The image's box in the frame, drawn so that the window [cx ± w/2, cy ± h/2] fills the frame. */
function imageBox(size: Size | null, crop: Crop) {
  const win = size ? windowOf(size, crop.zoom) : null;
  return win
    ? {
        width: `${100 / win.w}%`,
        height: `${100 / win.h}%`,
        left: `${(-(crop.cx - win.w / 2) / win.w) * 100}%`,
        top: `${(-(crop.cy - win.h / 2) / win.h) * 100}%`,
      }
    : { width: "100%", height: "100%", left: 0, top: 0 };
}

/**
 * The image's natural size (once it has loaded) and the crop, always kept inside the image; the frame's keys move the
 * image (arrow keys; Shift: bigger steps) and zoom it (+/−).
 */
function useCrop() {
  const [size, setSize] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, cx: 0.5, cy: 0.5 });

  const update = (next: Crop) => size && setCrop(clampCrop(size, next));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!size) return;
    const step = e.shiftKey ? 0.1 : 0.02;
    const { w, h } = windowOf(size, crop.zoom);
    // Arrow keys move the image under the frame (as dragging does): right shows more of the left side.
    const moves: Record<string, [number, number]> = { ArrowLeft: [step * w, 0], ArrowRight: [-step * w, 0], ArrowUp: [0, step * h], ArrowDown: [0, -step * h] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      update({ ...crop, cx: crop.cx + move[0], cy: crop.cy + move[1] });
    } else if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      update({ ...crop, zoom: crop.zoom + 0.1 });
    } else if (e.key === "-" || e.key === "_") {
      e.preventDefault();
      update({ ...crop, zoom: crop.zoom - 0.1 });
    }
  };

  const onLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const el = e.currentTarget;
    setSize({ width: el.naturalWidth, height: el.naturalHeight });
    setCrop({ zoom: 1, cx: 0.5, cy: 0.5 });
  };

  return { size, crop, update, onKeyDown, onLoad };
}

/**
 * The banner crop dialog: the chosen image in an 8:3 frame, dragged with a pointer or moved with the arrow keys
 * (Shift: bigger steps), zoomed with the slider or +/−; "Use this crop" draws the window onto a 1600x600 canvas and
 * hands back a JPEG (the server re-encodes it again anyway). The kit's modal Dialog: focus stays inside, Escape
 * cancels, focus returns to the opener.
 */
export function BannerCropper({
  src,
  onDone,
  onCancel,
}: {
  /** Object URL of the chosen image; null: the dialog is closed. */
  src: string | null;
  onDone: (blob: Blob) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("admin.settings.crop");
  const id = useId();
  const img = useRef<HTMLImageElement>(null);
  const { size, crop, update, onKeyDown, onLoad } = useCrop();
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!size || !img.current) return;
    setBusy(true);
    try {
      const blob = await exportCrop(img.current, size, crop);
      if (blob) onDone(blob);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={src !== null}
      onClose={onCancel}
      title={t("title")}
      description={<span id={`${id}-help`}>{t("help")}</span>}
      busy={busy}
      width="lg"
      testId="banner-cropper"
      footer={<DialogActions cancelLabel={t("cancel")} onCancel={onCancel} label={t("apply")} busyLabel={t("working")} busy={busy} disabled={!size} onConfirm={() => void apply()} testId="banner-crop-apply" />}
    >
      <CropFrame src={src} img={img} helpId={`${id}-help`} size={size} crop={crop} update={update} onKeyDown={onKeyDown} onLoad={onLoad} />
      <SliderField
        id={`${id}-zoom`}
        label={t("zoom")}
        min={1}
        max={MAX_ZOOM}
        step={0.05}
        value={crop.zoom}
        onChange={(zoom) => update({ ...crop, zoom })}
        before={<Minus className="size-4 shrink-0 text-zinc-500" aria-hidden />}
        after={<Plus className="size-4 shrink-0 text-zinc-500" aria-hidden />}
        testId="banner-zoom"
      />
    </Dialog>
  );
}

/**
 * The 8:3 frame with the image under it, dragged with a pointer (or moved with the keys), and the band a phone shows.
 * Laid out left to right in both languages: it is a picture, and the offsets are physical.
 */
function CropFrame({
  src,
  img,
  helpId,
  size,
  crop,
  update,
  onKeyDown,
  onLoad,
}: { src: string | null; img: RefObject<HTMLImageElement | null>; helpId: string } & ReturnType<typeof useCrop>) {
  const t = useTranslations("admin.settings.crop");
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  return (
    <div
      ref={frame}
      dir="ltr"
      role="application"
      aria-roledescription={t("frame")}
      aria-label={t("frame")}
      aria-describedby={helpId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        if (!size) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, y: e.clientY, crop };
      }}
      onPointerMove={(e) => {
        const start = drag.current;
        const box = frame.current?.getBoundingClientRect();
        if (!start || !size || !box) return;
        const { w, h } = windowOf(size, start.crop.zoom);
        update({ ...start.crop, cx: start.crop.cx - ((e.clientX - start.x) / box.width) * w, cy: start.crop.cy - ((e.clientY - start.y) / box.height) * h });
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      className="relative aspect-[8/3] w-full cursor-move touch-none overflow-hidden rounded-2xl bg-zinc-900 ring-2 ring-brand-500 select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      data-testid="banner-crop-frame"
    >
      {src && (
        // eslint-disable-next-line @next/next/no-img-element -- a local object URL
        <img ref={img} src={src} alt="" draggable={false} onLoad={onLoad} className="pointer-events-none absolute max-w-none" style={imageBox(size, crop)} />
      )}
      {/* The band a phone shows (PHONE_BAND), between dashed lines. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 border-x-2 border-dashed border-white/80 shadow-[0_0_0_1px_rgba(0,0,0,0.35)]"
        style={{ left: PHONE_SIDE, right: PHONE_SIDE }}
        data-testid="banner-phone-band"
      />
      <Move className="pointer-events-none absolute end-3 top-3 size-5 text-white drop-shadow" aria-hidden />
    </div>
  );
}
