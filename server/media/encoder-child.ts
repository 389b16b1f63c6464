/**
 * The image encoder's child process (./background-encoder.ts): lowers its own CPU priority before anything else runs,
 * so every thread it starts later (libuv's pool, libvips' workers) inherits it, then validates and encodes the page
 * images it is sent with processPageVariants (or makes a stored page's AVIF copies with encodeAvifCopies, `avif`
 * jobs), answering each by its id. It exits when its parent goes.
 */
import os from "node:os";

try {
  // pid 0: this thread; threads created from here on inherit its nice value.
  os.setPriority(0, Number(process.env.IMAGE_ENCODER_NICE ?? 10));
} catch {
  // not permitted: encode at normal priority
}

const { encodeAvifCopies, processPageVariants } = await import("./process-image");
const { MediaError } = await import("./errors");

interface Job {
  id: number;
  input: Uint8Array;
  widths: number[];
  avif?: boolean;
}

const send = (message: unknown) => process.send?.(message);

process.on("message", (job: Job) => {
  const work = job.avif ? encodeAvifCopies(job.input, job.widths) : processPageVariants({ input: job.input, widths: job.widths });
  work.then(
    (variants) => send({ id: job.id, variants: [...variants] }),
    (err: unknown) =>
      send({
        id: job.id,
        error: err instanceof MediaError ? { code: err.code, message: err.message, limit: err.limit } : { message: err instanceof Error ? err.message : String(err) },
      }),
  );
});
process.on("disconnect", () => process.exit(0));
send({ ready: true });
