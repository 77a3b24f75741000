import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { MultipartUpload } from '../common/csrf';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import { MAX_FILES_PER_REQUEST, tooLarge, uploadRules } from './upload-kinds';
import { UploadsService, type ReceivedFile, type StoredUpload } from './uploads.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a multipart body: every file part (any field name) into memory, at most `maxBytes`
 * each (413 FILE_TOO_LARGE as soon as one is longer; the rest is not read) and
 * MAX_FILES_PER_REQUEST in all; text fields into a map. 400 upload.fileRequired without a file.
 */
async function readMultipart(req: FastifyRequest, maxBytes: number): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw ApiException.validation({ files: 'upload.fileRequired' });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: MAX_FILES_PER_REQUEST, fields: 20, fieldSize: 1000 } })) {
      if (part.type === 'file') files.push({ data: await part.toBuffer() });
      else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge();
    if (code === 'FST_FIELDS_LIMIT') throw ApiException.validation({ fields: 'field.invalid' });
    throw err;
  }
  if (!files.length) throw ApiException.validation({ files: 'upload.fileRequired' });
  return { files, fields };
}

/**
 * Uploads of spec 02 §7 (docs/decisions/035-uploads.md), staff only. Multipart bodies carry no
 * CSRF token (@MultipartUpload: bearer-authenticated, multipart only); DELETE and GET are
 * ordinary routes (the DELETE needs X-CSRF-Token as every other write).
 */
@Controller('upload')
@Roles('employee', 'manager', 'admin', 'super_admin')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /**
   * POST /api/upload/property-images, multipart: one or more image files (jpeg/png/webp/avif by
   * content, each ≤ UPLOAD_IMAGE_MAX_BYTES, default 15 MB, and ≤ 40 MP) and propertyId (uuid);
   * optimize, maxWidth, maxHeight, quality are accepted and ignored (the worker makes fixed
   * variants). 201 data {files: StoredUpload[]}. 400 no file / bad propertyId, 403 not the
   * property's owner nor admin, 404 unknown property, 413 FILE_TOO_LARGE / IMAGE_TOO_MANY_PIXELS,
   * 415 UNSUPPORTED_FILE_TYPE.
   */
  @Post('property-images')
  @MultipartUpload()
  async propertyImages(
    @Req() req: FastifyRequest,
    @CurrentUser() actor: AuthUser,
    @Client() client: RequestClient,
  ): Promise<{ files: StoredUpload[] }> {
    const { files, fields } = await readMultipart(req, uploadRules().image.maxBytes);
    if (!UUID.test(fields.propertyId ?? '')) throw ApiException.validation({ propertyId: 'field.invalid' });
    return { files: await this.uploads.propertyImages(actor, client, fields.propertyId.toLowerCase(), files) };
  }

  /**
   * POST /api/upload/documents, multipart: one or more files, pdf/docx/xlsx by content, each ≤
   * UPLOAD_DOCUMENT_MAX_BYTES (default 20 MB). 201 data {files: StoredUpload[]}; 400 no file,
   * 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE.
   */
  @Post('documents')
  @MultipartUpload()
  async documents(
    @Req() req: FastifyRequest,
    @CurrentUser() actor: AuthUser,
    @Client() client: RequestClient,
  ): Promise<{ files: StoredUpload[] }> {
    const { files } = await readMultipart(req, uploadRules().document.maxBytes);
    return { files: await this.uploads.documents(actor, client, files) };
  }

  /** DELETE /api/upload/{name}: 204; 400 name not of the generated shape, 403 neither uploader nor admin, 404 unknown. */
  @Delete(':name')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param('name') name: string, @CurrentUser() actor: AuthUser, @Client() client: RequestClient): Promise<void> {
    return this.uploads.remove(actor, client, name);
  }

  /** GET /api/upload/health: 200 data {status:'ok', images:{maxBytes, maxPixels, types}, documents:{maxBytes, types}}. */
  @Get('health')
  health() {
    return this.uploads.health();
  }
}
