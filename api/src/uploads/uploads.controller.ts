import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/api.exception';
import { MultipartUpload } from '../common/csrf';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import { readMultipart, streamMultipart } from './multipart';
import { uploadRules } from './upload-kinds';
import { UploadsService, type StoredUpload } from './uploads.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /**
   * POST /api/upload/videos, multipart: one or more files (any field name), mp4/webm/mov by
   * content, each ≤ UPLOAD_VIDEO_MAX_BYTES (default 500 MB). Each is streamed to a temporary
   * file (never held in memory) and typed by its first bytes. 201 data {files: StoredUpload[]};
   * 400 no file, 413 FILE_TOO_LARGE (nothing kept), 415 UNSUPPORTED_FILE_TYPE.
   */
  @Post('videos')
  @MultipartUpload()
  async videos(
    @Req() req: FastifyRequest,
    @CurrentUser() actor: AuthUser,
    @Client() client: RequestClient,
  ): Promise<{ files: StoredUpload[] }> {
    const files = await streamMultipart(req, uploadRules().video.maxBytes, (source) => this.uploads.receiveVideo(source));
    return { files: await this.uploads.videos(actor, client, files) };
  }

  /** DELETE /api/upload/{name}: 204; 400 name not of the generated shape, 403 neither uploader nor admin, 404 unknown. */
  @Delete(':name')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param('name') name: string, @CurrentUser() actor: AuthUser, @Client() client: RequestClient): Promise<void> {
    return this.uploads.remove(actor, client, name);
  }

  /** GET /api/upload/health: 200 data {status:'ok', images:{maxBytes, maxPixels, types}, documents:{maxBytes, types}, videos:{maxBytes, types}}. */
  @Get('health')
  health() {
    return this.uploads.health();
  }
}
