import { HttpStatus } from '@nestjs/common';
import { decodableMetadata, ImageTooLargeError, MAX_INPUT_PIXELS } from '@realty/db';
import { fromBuffer } from 'file-type';
import { ApiException } from '../common/api.exception';

/**
 * What each upload kind accepts (spec 02 §7 Uploads, docs/decisions/035-uploads.md). The type
 * is decided by the file's bytes (file-type's magic-byte detection), never by its name or the
 * client's Content-Type; the stored name is `<uuid>.<extension of the detected type>`.
 */
export type UploadKind = 'image' | 'document';

export interface KindRule {
  /** Largest file, bytes (env override for tests and deployments). */
  maxBytes: number;
  /** Detected extension -> MIME type stored and answered. */
  types: Record<string, string>;
}

const MB = 1024 * 1024;

function envBytes(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const n = Number(env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The rules, read from UPLOAD_IMAGE_MAX_BYTES (default 15 MB) and UPLOAD_DOCUMENT_MAX_BYTES (default 20 MB). */
export function uploadRules(env: NodeJS.ProcessEnv = process.env): Record<UploadKind, KindRule> {
  return {
    image: {
      maxBytes: envBytes('UPLOAD_IMAGE_MAX_BYTES', 15 * MB, env),
      types: { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' },
    },
    document: {
      maxBytes: envBytes('UPLOAD_DOCUMENT_MAX_BYTES', 20 * MB, env),
      types: {
        pdf: 'application/pdf',
        docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    },
  };
}

/** Most files per request. */
export const MAX_FILES_PER_REQUEST = 10;

/** Shape of a generated stored name: a v4-style uuid and one of the allowed extensions. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|avif|pdf|docx|xlsx)$/;

export interface DetectedFile {
  ext: string;
  mime: string;
  width?: number;
  height?: number;
}

/** 413 FILE_TOO_LARGE. */
export const tooLarge = () => new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'FILE_TOO_LARGE', 'FILE_TOO_LARGE');
/** 415 UNSUPPORTED_FILE_TYPE. */
export const unsupported = () => new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_FILE_TYPE');

/**
 * Checks one received file against its kind: 413 FILE_TOO_LARGE over maxBytes, 415
 * UNSUPPORTED_FILE_TYPE unless its bytes are one of the kind's types; for images the header
 * is read (no pixels decoded) and one declaring over MAX_INPUT_PIXELS (40 MP) is refused with
 * 413 IMAGE_TOO_MANY_PIXELS, one sharp cannot parse with 415.
 */
export async function inspectFile(kind: UploadKind, data: Buffer, rule: KindRule): Promise<DetectedFile> {
  if (data.length > rule.maxBytes) throw tooLarge();
  const found = await fromBuffer(data);
  // file-type 16 names JPEG 'jpg'; zip containers it reads far enough to tell docx/xlsx.
  const mime = found ? rule.types[found.ext] : undefined;
  if (!found || !mime) throw unsupported();
  if (kind !== 'image') return { ext: found.ext, mime };
  try {
    const meta = await decodableMetadata(data);
    return { ext: found.ext, mime, width: meta.width, height: meta.height };
  } catch (err) {
    if (err instanceof ImageTooLargeError) {
      throw new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'IMAGE_TOO_MANY_PIXELS', 'IMAGE_TOO_MANY_PIXELS');
    }
    throw unsupported();
  }
}

export { MAX_INPUT_PIXELS };
