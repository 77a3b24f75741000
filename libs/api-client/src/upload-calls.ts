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
export function uploadCalls({ getData, write }: Transport) {
  return {
    /**
     * POST /upload/property-images, form fields `images` (files, at most 10; jpeg, png, webp,
     * avif) and `propertyId` -> the stored files with their property_images ids.
     */
    propertyImages(form: FormData, opts?: CallOptions): Promise<UploadedFilesDto> {
      return write<UploadedFilesDto>('POST', '/upload/property-images', form, opts);
    },
    /** POST /upload/documents, a form of one or more files (pdf, docx, xlsx; any field name) -> the stored files. */
    documents(form: FormData, opts?: CallOptions): Promise<UploadedFilesDto> {
      return write<UploadedFilesDto>('POST', '/upload/documents', form, opts);
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
