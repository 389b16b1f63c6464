export { ingestChapterImages, processImagePages, type IngestChapterImagesOptions } from "./ingest-images";
export { ingestChapterPdf, type IngestChapterPdfOptions } from "./ingest-pdf";
export { rasterizePdf, checkPdfBytes, inspectPdf, defaultPdfConcurrency, type RasterizePdfOptions } from "./rasterize-pdf";
export { storeChapterPages, storeChapterPagesIn, storePageMedia } from "./store-pages";
export { makePageCopies, pageCopiesIdle, startPageCopies } from "./page-copies";
export { buildPdfFromImages } from "./build-pdf";
export { IngestError, isIngestError, INGEST_ERROR_STATUS, type IngestErrorCode } from "./errors";
export * from "./limits";
export type { EncodedPage, IngestResult, StoredPage } from "./types";
