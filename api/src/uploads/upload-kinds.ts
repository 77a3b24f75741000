import { HttpStatus } from '@nestjs/common';
import { decodableMetadata, ImageTooLargeError, MAX_INPUT_PIXELS } from '@realty/db';
import { fromBuffer } from 'file-type';
import { ApiException } from '../common/api.exception';

/**
 * What each upload kind accepts (spec 02 §7 Uploads, docs/decisions/035-uploads.md). The type
 * is decided by the file's bytes (file-type's magic-byte detection), never by its name or the
 * client's Content-Type; the stored name is `<uuid>.<extension of the detected type>`.
 */
export type UploadKind = 'image' | 'document' | 'video';

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

/** Largest video limit accepted from the environment (the uploads table's size column is a bigint; this keeps a mistyped limit sane). */
export const VIDEO_MAX_BYTES_CEILING = 4 * 1024 * MB;

/**
 * The rules, read from UPLOAD_IMAGE_MAX_BYTES (default 15 MB), UPLOAD_DOCUMENT_MAX_BYTES
 * (default 20 MB) and UPLOAD_VIDEO_MAX_BYTES (default 500 MB, at most 4 GB). Videos are
 * streamed to a temporary file (never held in memory) and typed by their first bytes.
 */
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
    video: {
      maxBytes: Math.min(envBytes('UPLOAD_VIDEO_MAX_BYTES', 500 * MB, env), VIDEO_MAX_BYTES_CEILING),
      // file-type 16: an ISO-BMFF `ftyp` box is mp4 (or mov for the 'qt' brand); EBML with DocType webm is webm.
      types: { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' },
    },
  };
}

/** Most files per request. */
export const MAX_FILES_PER_REQUEST = 10;

/** Shape of a generated stored name: a v4-style uuid and one of the allowed extensions. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|avif|pdf|docx|xlsx|mp4|webm|mov)$/;

/** Bytes of a streamed file kept to decide its type (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

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

/**
 * The type of a streamed file (videos) from its first SNIFF_BYTES bytes: 415 UNSUPPORTED_FILE_TYPE
 * unless they are one of the kind's types (a renamed executable, an image, a text...).
 */
export async function inspectHead(head: Buffer, rule: KindRule): Promise<DetectedFile> {
  const found = head.length ? await fromBuffer(head) : undefined;
  const mime = found ? rule.types[found.ext] : undefined;
  if (!found || !mime) throw unsupported();
  return { ext: found.ext, mime };
}

export { MAX_INPUT_PIXELS };
