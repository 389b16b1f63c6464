"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { SliderField } from "@/components/ui/fields";
import { clampCrop, cropKey, OUTPUT_SIDE, scaleOf, sourceSquare, ZOOM_MAX, ZOOM_MIN, type CropState } from "./crop";

/** The crop viewport's side in CSS pixels (fits a 375 px phone's dialog). */
const VIEW = 240;

/**
 * A square crop in a modal dialog (focus kept inside, Escape cancels): drag the picture or, with the viewport focused,
 * move it with the arrow keys and zoom with + and − (or the slider). "Use this picture" draws the square on a canvas
 * at 512 px and hands back a JPEG data URL.
 */
export function CropDialog({
  source,
  busy,
  onCancel,
  onApply,
}: {
  source: { url: string; width: number; height: number };
  busy: boolean;
  onCancel: () => void;
  onApply: (dataUrl: string) => void;
}) {
  const t = useTranslations("profile.image");
  const id = useId();
  const image = useRef<HTMLImageElement>(null);
  const { width, height } = source;
  const [crop, setCropState] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const setCrop = (next: CropState) => setCropState(clampCrop(next, width, height, VIEW));

  const apply = () => {
    const dataUrl = image.current ? drawSquare(image.current, sourceSquare(crop, width, height, VIEW)) : null;
    if (dataUrl) onApply(dataUrl);
  };

  return (
    <Dialog
      title={t("cropTitle")}
      description={t("cropIntro")}
      busy={busy}
      onClose={onCancel}
      testId="crop-dialog"
      footer={<DialogActions cancelLabel={t("cancel")} onCancel={onCancel} label={t("apply")} busyLabel={t("applying")} busy={busy} onConfirm={apply} testId="crop-apply" />}
    >
      <CropViewport source={source} crop={crop} setCrop={setCrop} imageRef={image} label={t("cropArea")} />
      <SliderField
        id={`${id}-zoom`}
        label={t("zoom")}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={0.05}
        value={crop.zoom}
        onChange={(zoom) => setCrop({ ...crop, zoom })}
        testId="crop-zoom"
        after={
          <Button variant="ghost" size="sm" onClick={() => setCrop({ zoom: 1, x: 0, y: 0 })}>
            {t("reset")}
          </Button>
        }
      />
    </Dialog>
  );
}

/** The chosen square of the picture drawn at 512 px on white, as a JPEG data URL (null without a 2D canvas). */
function drawSquare(img: HTMLImageElement, { sx, sy, side }: { sx: number; sy: number; side: number }): string | null {
  const canvas = document.createElement("canvas");
  canvas.width = OUTPUT_SIDE;
  canvas.height = OUTPUT_SIDE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, sx, sy, side, side, 0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  return canvas.toDataURL("image/jpeg", 0.9);
}

/** Dragging the picture with a pointer (captured, so it follows outside the viewport): the viewport's handlers. */
function useDrag(crop: CropState, setCrop: (next: CropState) => void) {
  const drag = useRef<{ pointer: number; x: number; y: number; start: CropState } | null>(null);
  const end = () => (drag.current = null);
  return {
    onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY, start: crop };
    },
    onPointerMove: (e: ReactPointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || d.pointer !== e.pointerId) return;
      setCrop({ ...d.start, x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y });
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

/** The square viewport: the picture moved by dragging or the arrow keys, under the round outline of the avatar. */
function CropViewport({ source, crop, setCrop, imageRef, label }: { source: { url: string; width: number; height: number }; crop: CropState; setCrop: (next: CropState) => void; imageRef: RefObject<HTMLImageElement | null>; label: string }) {
  const { width, height } = source;
  const scale = scaleOf(width, height, VIEW, crop.zoom);
  const drag = useDrag(crop, setCrop);
  return (
    <div className="flex justify-center">
      <div
        role="group"
        tabIndex={0}
        aria-label={label}
        data-testid="crop-area"
        dir="ltr"
        onKeyDown={(e) => {
          const next = cropKey(crop, e.key, e.shiftKey);
          if (!next) return;
          e.preventDefault();
          setCrop(next);
        }}
        {...drag}
        style={{ width: VIEW, height: VIEW, touchAction: "none" }}
        className="relative cursor-grab overflow-hidden rounded-2xl bg-zinc-200 outline-none select-none focus-visible:ring-4 focus-visible:ring-brand-500/60 active:cursor-grabbing dark:bg-zinc-800"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL being cropped */}
        <img
          ref={imageRef}
          src={source.url}
          alt=""
          draggable={false}
          className="pointer-events-none absolute top-1/2 left-1/2 max-w-none"
          style={{
            width: width * scale,
            height: height * scale,
            transform: `translate(calc(-50% + ${crop.x}px), calc(-50% + ${crop.y}px))`,
          }}
        />
        {/* The round outline of the avatar the square becomes. */}
        <span aria-hidden className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgba(0,0,0,0.35)] ring-2 ring-white/80" />
      </div>
    </div>
  );
}
