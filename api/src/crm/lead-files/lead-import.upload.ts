import { LEAD_IMPORT_MAX_BYTES } from '@realty/contracts';
import { StreamTooLargeError, type FileStorage, type IncomingFile } from '@realty/db';
import type { FastifyRequest } from 'fastify';
import { fromBuffer } from 'file-type';
import { ApiException } from '../../common/api.exception';
import { SNIFF_BYTES, tooLarge, unsupported } from '../../uploads/upload-kinds';

/** A lead file received from the multipart body, in the storage's temporary folder. */
export interface ReceivedLeadFile {
  file: IncomingFile;
  format: 'csv' | 'xlsx';
  /** The client's file name, for display only (never a path: the stored name is generated). */
  originalName: string;
}

/**
 * The format of a lead file by its first bytes (decision 035: never by name or Content-Type):
 * a zip that file-type reads as xlsx is 'xlsx'; text (valid UTF-8, no NUL byte) is 'csv';
 * anything else null.
 */
export async function leadFileFormat(head: Buffer): Promise<'csv' | 'xlsx' | null> {
  if (!head.length) return null;
  if (head[0] === 0x50 && head[1] === 0x4b) return (await fromBuffer(head))?.ext === 'xlsx' ? 'xlsx' : null;
  if (head.includes(0)) return null;
  // The head may end inside a multi-byte character: drop up to 3 trailing bytes before the check.
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return 'csv';
    } catch {
      /* try a shorter head */
    }
  }
  return null;
}

/** A file name fit to show: no folders, no control characters, at most 255 characters. */
function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
}

/**
 * Reads POST /api/crm/leads/import's multipart body: its first file part (any field name) is
 * streamed into `storage`'s temporary folder (never whole in memory), at most
 * LEAD_IMPORT_MAX_BYTES (413 FILE_TOO_LARGE, nothing kept); 400 fields.file upload.fileRequired
 * without a file; 415 UNSUPPORTED_FILE_TYPE unless it is CSV text or an XLSX workbook.
 */
export async function receiveLeadFile(req: FastifyRequest, storage: FileStorage): Promise<ReceivedLeadFile> {
  if (!req.isMultipart()) throw ApiException.validation({ file: 'upload.fileRequired' });
  let received: { file: IncomingFile; name: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { files: 1, fields: 10, fieldSize: 1000, fileSize: LEAD_IMPORT_MAX_BYTES } })) {
      if (part.type !== 'file' || received) continue;
      const file = await storage.receive(part.file, { maxBytes: LEAD_IMPORT_MAX_BYTES, headBytes: SNIFF_BYTES });
      received = { file, name: part.filename };
      if (part.file.truncated) throw tooLarge();
    }
  } catch (err) {
    await received?.file.discard();
    const code = (err as { code?: string }).code;
    if (
      err instanceof StreamTooLargeError ||
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT'
    ) {
      throw tooLarge();
    }
    throw err;
  }
  if (!received || received.file.size === 0) {
    await received?.file.discard();
    throw ApiException.validation({ file: 'upload.fileRequired' });
  }
  const format = await leadFileFormat(received.file.head);
  if (!format) {
    await received.file.discard();
    throw unsupported();
  }
  return { file: received.file, format, originalName: displayName(received.name) };
}
