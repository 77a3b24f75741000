import { StreamTooLargeError, type IncomingFile } from '@realty/db';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiException } from '../common/api.exception';
import { MAX_FILES_PER_REQUEST, tooLarge } from './upload-kinds';
import type { ReceivedFile } from './uploads.service';

/**
 * Reading the multipart bodies of the upload routes (spec 02 §7 Uploads, decision 035): the
 * client's file names and Content-Types are never read (the stored name is generated, the
 * type decided by the bytes), so no name can lead anywhere on disk.
 */

const LIMITS = { files: MAX_FILES_PER_REQUEST, fields: 20, fieldSize: 1000 };

/** Maps @fastify/multipart's limit errors to 413 FILE_TOO_LARGE / 400; anything else is rethrown. */
function limitError(err: unknown): unknown {
  if (err instanceof StreamTooLargeError) return tooLarge();
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge();
  if (code === 'FST_FIELDS_LIMIT') return ApiException.validation({ fields: 'field.invalid' });
  return err;
}

/**
 * Reads a multipart body: every file part (any field name) into memory, at most `maxBytes`
 * each (413 FILE_TOO_LARGE as soon as one is longer; the rest is not read) and
 * MAX_FILES_PER_REQUEST in all; text fields into a map. 400 upload.fileRequired without a file.
 * For the small kinds (images, documents) whose checks need the whole file.
 */
export async function readMultipart(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw ApiException.validation({ files: 'upload.fileRequired' });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      if (part.type === 'file') files.push({ data: await part.toBuffer() });
      else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    throw limitError(err);
  }
  if (!files.length) throw ApiException.validation({ files: 'upload.fileRequired' });
  return { files, fields };
}

/**
 * Streams every file part of a multipart body to a temporary file through `receive` (videos:
 * never held whole in memory). Each part is cut by the parser at `maxBytes` (its stream ends
 * there, marked truncated): the request then fails with 413 FILE_TOO_LARGE and every file
 * received so far is discarded, so nothing is left on disk. Any failure discards them too.
 * 400 upload.fileRequired without a file.
 */
export async function streamMultipart(
  req: FastifyRequest,
  maxBytes: number,
  receive: (source: Readable) => Promise<IncomingFile>,
): Promise<IncomingFile[]> {
  if (!req.isMultipart()) throw ApiException.validation({ files: 'upload.fileRequired' });
  const files: IncomingFile[] = [];
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      const incoming = await receive(part.file);
      files.push(incoming);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (err) {
    await Promise.all(files.map((f) => f.discard()));
    throw limitError(err);
  }
  if (!files.length) throw ApiException.validation({ files: 'upload.fileRequired' });
  return files;
}
