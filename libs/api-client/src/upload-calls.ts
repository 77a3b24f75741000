import type { UploadedFilesDto, UploadHealthDto } from '@realty/contracts';
import { segment } from './public-reads';
import type { CallOptions, Transport } from './transport';

/**
 * File uploads of the back office (spec 02 §7 "Uploads"; decision 035). Staff only. The body is
 * multipart (FormData): the type of each file is decided by the API from its bytes. Multipart
 * posts carry no CSRF token (spec 02 §7); they need the bearer token. Errors: ApiError 401 / 403
 * (not the property's owner or an admin), 404 (unknown property), 413 FILE_TOO_LARGE or
 * IMAGE_TOO_MANY_PIXELS, 415 UNSUPPORTED_FILE_TYPE; ApiValidationError for a missing field.
 */
/** How long a video upload may take before the client gives up (a 500 MB file on a slow uplink). */
export const VIDEO_UPLOAD_TIMEOUT_MS = 30 * 60_000;

export function uploadCalls({ getData, write }: Transport) {
  return {
    /**
     * POST /upload/property-images, form fields `images` (files, at most 10; jpeg, png, webp,
     * avif) and `propertyId` -> the stored files with their property_images ids. Progress in a
     * browser: `opts.onUploadProgress`.
     */
    propertyImages(form: FormData, opts?: CallOptions): Promise<UploadedFilesDto> {
      return write<UploadedFilesDto>('POST', '/upload/property-images', form, opts);
    },
    /** POST /upload/documents, a form of one or more files (pdf, docx, xlsx; any field name) -> the stored files. */
    documents(form: FormData, opts?: CallOptions): Promise<UploadedFilesDto> {
      return write<UploadedFilesDto>('POST', '/upload/documents', form, opts);
    },
    /**
     * POST /upload/videos, a form of one or more files (mp4, webm, mov; any field name) -> the
     * stored files. The API streams each to disk (≤ UPLOAD_VIDEO_MAX_BYTES, 500 MB by default,
     * health().videos.maxBytes), so the call waits up to VIDEO_UPLOAD_TIMEOUT_MS (30 min) unless
     * `opts.timeoutMs` says otherwise. Progress: `opts.onUploadProgress(loaded, total)` in a
     * browser (the call then goes through XMLHttpRequest, xhr-fetch.ts; same envelope and
     * errors); on the server (Node's fetch) no progress is reported.
     */
    videos(form: FormData, opts?: CallOptions): Promise<UploadedFilesDto> {
      return write<UploadedFilesDto>('POST', '/upload/videos', form, { timeoutMs: VIDEO_UPLOAD_TIMEOUT_MS, ...opts });
    },
    /** DELETE /upload/{name}: the uploader's or an admin's own file -> null (204); 400 for a name not of the generated shape. */
    delete(name: string, opts?: CallOptions): Promise<null> {
      return write<null>('DELETE', `/upload/${segment(name)}`, undefined, opts);
    },
    /** GET /upload/health -> the limits (bytes, pixels, types) the upload routes apply. */
    health(opts?: CallOptions): Promise<UploadHealthDto> {
      return getData<UploadHealthDto>('/upload/health', undefined, opts);
    },
  };
}
