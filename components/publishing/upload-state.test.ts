import { describe, expect, it } from "vitest";
import { INITIAL_UPLOAD_STATE, splitBytes, splitDuration, uploadReducer, type UploadAction, type UploadState } from "./upload-state";

const run = (actions: UploadAction[], from: UploadState = INITIAL_UPLOAD_STATE) => actions.reduce(uploadReducer, from);
const MB = 1024 * 1024;

describe("uploadReducer (spec §3, §4 upload state)", () => {
  it("started: uploading, progress zeroed, error cleared, type set", () => {
    const failed = run([{ type: "started", uploadType: "pdf", at: 0 }, { type: "failed", error: "boom" }]);
    const state = uploadReducer(failed, { type: "started", uploadType: "images", total: 10 * MB, at: 1000 });
    expect(state).toMatchObject({ isUploading: true, error: null, uploadType: "images", progress: { loaded: 0, total: 10 * MB, percentage: 0, speed: 0, remainingTime: null } });
  });

  it("progress: percentage, speed over the last seconds and time left", () => {
    const state = run([
      { type: "started", uploadType: "pdf", at: 0 },
      { type: "progress", loaded: 1 * MB, total: 10 * MB, at: 500 },
      { type: "progress", loaded: 2 * MB, total: 10 * MB, at: 1000 },
    ]);
    expect(state.progress.percentage).toBe(20);
    expect(state.progress.speed).toBeCloseTo(2 * MB); // 2 MB in one second
    expect(state.progress.remainingTime).toBeCloseTo(4); // 8 MB left at 2 MB/s
    expect(state.isUploading).toBe(true);
  });

  it("the speed follows the connection: old samples leave the window, a stall slows it", () => {
    let state = run([{ type: "started", uploadType: "images", at: 0 }]);
    for (let t = 500; t <= 5000; t += 500) state = uploadReducer(state, { type: "progress", loaded: (t / 500) * MB, total: 40 * MB, at: t });
    expect(state.progress.speed).toBeCloseTo(2 * MB); // 1 MB every half second
    expect(state.samples.length).toBeLessThanOrEqual(8);
    // Little arrives for two seconds: the measured speed drops and the time left grows.
    const slow = uploadReducer(state, { type: "progress", loaded: 10.5 * MB, total: 40 * MB, at: 7000 });
    expect(slow.progress.speed).toBeLessThan(state.progress.speed);
    expect(slow.progress.remainingTime!).toBeGreaterThan(state.progress.remainingTime!);
    // Nothing at all for longer than the window: speed 0 and the time left unknown again.
    const stalled = uploadReducer(slow, { type: "progress", loaded: 10.5 * MB, total: 40 * MB, at: 11000 });
    expect(stalled.progress).toMatchObject({ speed: 0, remainingTime: null, percentage: 26 });
  });

  it("progress caps loaded at total and 100 %, and is ignored when not uploading", () => {
    const state = run([{ type: "started", uploadType: "cover", at: 0 }, { type: "progress", loaded: 12, total: 10, at: 100 }]);
    expect(state.progress).toMatchObject({ loaded: 10, total: 10, percentage: 100, remainingTime: 0 });
    expect(uploadReducer(INITIAL_UPLOAD_STATE, { type: "progress", loaded: 5, total: 10, at: 1 })).toBe(INITIAL_UPLOAD_STATE);
  });

  it("failed: error kept, progress cleared, no longer uploading", () => {
    const state = run([{ type: "started", uploadType: "pdf", at: 0 }, { type: "progress", loaded: 5, total: 10, at: 100 }, { type: "failed", error: "File too large" }]);
    expect(state).toMatchObject({ isUploading: false, error: "File too large", progress: { loaded: 0, total: 0, percentage: 0, speed: 0, remainingTime: null } });
  });

  it("completed and reset clear everything", () => {
    const busy = run([{ type: "started", uploadType: "pdf", at: 0 }, { type: "progress", loaded: 5, total: 10, at: 100 }]);
    expect(uploadReducer(busy, { type: "completed" })).toEqual(INITIAL_UPLOAD_STATE);
    expect(uploadReducer(run([{ type: "failed", error: "x" }], busy), { type: "reset" })).toEqual(INITIAL_UPLOAD_STATE);
  });
});

describe("formatting helpers", () => {
  it("splitBytes picks the unit", () => {
    expect(splitBytes(512)).toEqual({ value: "512", unit: "B" });
    expect(splitBytes(1536)).toEqual({ value: "1.5", unit: "KB" });
    expect(splitBytes(50 * MB)).toEqual({ value: "50", unit: "MB" });
    expect(splitBytes(150 * MB)).toEqual({ value: "150", unit: "MB" });
    expect(splitBytes(3 * 1024 * MB)).toEqual({ value: "3", unit: "GB" });
  });
  it("splitDuration uses seconds below a minute", () => {
    expect(splitDuration(4.2)).toEqual({ count: 5, unit: "seconds" });
    expect(splitDuration(125)).toEqual({ count: 2, unit: "minutes" });
  });
});
