/**
 * The square crop of a profile picture (issue 16), as plain geometry so it can be tested: the picture covers a square
 * viewport of `view` pixels at zoom 1 and is moved by an offset of its centre from the viewport's centre.
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** One arrow-key press moves the picture this many viewport pixels (ten with Shift). */
export const KEY_STEP = 8;
/** The stored picture's side (the server keeps at most 512 px wide). */
export const OUTPUT_SIDE = 512;

/** Scale from the picture's pixels to viewport pixels. */
export function scaleOf(width: number, height: number, view: number, zoom: number): number {
  return (view / Math.min(width, height)) * zoom;
}

/** Keeps the zoom in range and the offset such that the picture still covers the whole viewport. */
export function clampCrop(state: CropState, width: number, height: number, view: number): CropState {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Number.isFinite(state.zoom) ? state.zoom : 1));
  const scale = scaleOf(width, height, view, zoom);
  const maxX = Math.max(0, (width * scale - view) / 2);
  const maxY = Math.max(0, (height * scale - view) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, Number.isFinite(v) ? v : 0));
  return { zoom, x: clamp(state.x, maxX), y: clamp(state.y, maxY) };
}

/** The square of the picture (in its own pixels) that the viewport shows. */
export function sourceSquare(state: CropState, width: number, height: number, view: number): { sx: number; sy: number; side: number } {
  const { zoom, x, y } = clampCrop(state, width, height, view);
  const scale = scaleOf(width, height, view, zoom);
  const side = view / scale;
  const sx = (width * scale) / 2 - view / 2 - x;
  const sy = (height * scale) / 2 - view / 2 - y;
  return { sx: sx / scale, sy: sy / scale, side };
}

/**
 * What a key press does to the crop (arrows move, + and − zoom, Home centres); null for other keys. The picture moves
 * the way the arrow points on the screen, in both languages (an Arabic page does not mirror a photograph).
 */
export function cropKey(state: CropState, key: string, shift: boolean): CropState | null {
  const step = shift ? KEY_STEP * 5 : KEY_STEP;
  switch (key) {
    case "ArrowLeft":
      return { ...state, x: state.x - step };
    case "ArrowRight":
      return { ...state, x: state.x + step };
    case "ArrowUp":
      return { ...state, y: state.y - step };
    case "ArrowDown":
      return { ...state, y: state.y + step };
    case "+":
    case "=":
      return { ...state, zoom: state.zoom + 0.1 };
    case "-":
    case "_":
      return { ...state, zoom: state.zoom - 0.1 };
    case "Home":
      return { zoom: 1, x: 0, y: 0 };
    default:
      return null;
  }
}
