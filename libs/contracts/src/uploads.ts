/**
 * The upload calls' answers (spec 02 §7 "Uploads"; issue 21; decision 035). Sizes in bytes.
 */

/** One stored file: its generated name (`<uuid>.<ext of the detected type>`, the id for DELETE /api/upload/{name}). */
export interface StoredUploadDto {
  name: string;
  url: string;
  mime: string;
  size: number;
  /** Property images only: the property_images row; its variants come from the worker's media queue. */
  imageId?: string;
  width?: number;
  height?: number;
}

/** POST /api/upload/property-images, /documents and /videos: the files stored, in the order sent. */
export interface UploadedFilesDto {
  files: StoredUploadDto[];
}

/** GET /api/upload/health: the limits the upload routes apply. */
export interface UploadHealthDto {
  status: 'ok';
  images: { maxBytes: number; maxPixels: number; types: string[] };
  documents: { maxBytes: number; types: string[] };
  /** POST /api/upload/videos: mp4, webm, mov by content, each ≤ maxBytes (UPLOAD_VIDEO_MAX_BYTES, default 500 MB), streamed to disk. */
  videos: { maxBytes: number; types: string[] };
}
