/**
 * Spec §3/§4 upload state: `isUploading`, `progress` (loaded, total, percentage, speed, remainingTime), `error` and
 * `uploadType`, moved by five events: started (progress zeroed, error cleared, type set), progress (updated),
 * completed and reset (all cleared), failed (error kept, progress cleared). A pure reducer: the time of each progress
 * sample comes with the event, so speed and time left are testable without a clock.
 */

export type UploadType = "images" | "pdf" | "cover";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percentage: number;
  /** Bytes per second over the last few seconds (0 until two samples exist). */
  speed: number;
  /** Seconds left at that speed; null while unknown. */
  remainingTime: number | null;
}

export interface UploadState {
  isUploading: boolean;
  progress: UploadProgress;
  error: string | null;
  uploadType: UploadType | null;
  /** Recent (time ms, loaded bytes) samples the speed is measured over. */
  samples: ReadonlyArray<readonly [number, number]>;
}

export type UploadAction =
  | { type: "started"; uploadType: UploadType; total?: number; at: number }
  | { type: "progress"; loaded: number; total: number; at: number }
  | { type: "completed" }
  | { type: "failed"; error: string }
  | { type: "reset" };

/** How far back the speed looks: long enough to smooth bursts, short enough to follow a changing connection. */
export const SPEED_WINDOW_MS = 3000;

export const EMPTY_PROGRESS: UploadProgress = { loaded: 0, total: 0, percentage: 0, speed: 0, remainingTime: null };
export const INITIAL_UPLOAD_STATE: UploadState = { isUploading: false, progress: EMPTY_PROGRESS, error: null, uploadType: null, samples: [] };

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case "started":
      return {
        isUploading: true,
        progress: { ...EMPTY_PROGRESS, total: Math.max(0, action.total ?? 0) },
        error: null,
        uploadType: action.uploadType,
        samples: [[action.at, 0]],
      };
    case "progress": {
      if (!state.isUploading) return state;
      const total = Math.max(0, action.total);
      const loaded = Math.min(Math.max(0, action.loaded), total || action.loaded);
      // The samples of the window plus the last one before it, so a stall still has a span to measure (and slows).
      const since = action.at - SPEED_WINDOW_MS;
      const before = state.samples.filter(([at]) => at < since).at(-1);
      const samples = [...(before ? [before] : []), ...state.samples.filter(([at]) => at >= since), [action.at, loaded] as const];
      const first = samples[0]!;
      const span = (action.at - first[0]) / 1000;
      const speed = span > 0 ? Math.max(0, (loaded - first[1]) / span) : state.progress.speed;
      const remainingTime = speed > 0 && total > 0 ? Math.max(0, (total - loaded) / speed) : loaded >= total && total > 0 ? 0 : null;
      return {
        ...state,
        progress: { loaded, total, percentage: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0, speed, remainingTime },
        samples,
      };
    }
    case "failed":
      return { isUploading: false, progress: EMPTY_PROGRESS, error: action.error, uploadType: state.uploadType, samples: [] };
    case "completed":
    case "reset":
      return INITIAL_UPLOAD_STATE;
  }
}

/** Bytes in the largest unit that keeps the number ≥ 1 (B, KB, MB, GB; 1 KB = 1024 B), with at most one decimal. */
export function splitBytes(bytes: number): { value: string; unit: "B" | "KB" | "MB" | "GB" } {
  const units = ["B", "KB", "MB", "GB"] as const;
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  const text = i === 0 ? String(Math.round(value)) : value >= 100 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toString();
  return { value: text, unit: units[i]! };
}

/** Seconds as whole minutes (from a minute up) or seconds, for "time left". */
export function splitDuration(seconds: number): { count: number; unit: "seconds" | "minutes" } {
  const s = Math.max(0, Math.ceil(seconds));
  return s >= 60 ? { count: Math.round(s / 60), unit: "minutes" } : { count: s, unit: "seconds" };
}
