import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  BLOG_DESK_ROLES,
  BlogAutoMonthDto,
  BlogDeskQuery,
  BlogModerationDto,
  BlogPostWriteDto,
  BlogPreviewDto,
  BlogScheduleDto,
  BlogStatusDto,
  type BlogBatchDto,
  type BlogDeskPostDto,
} from '@realty/contracts';
import { Client, CurrentUser, Roles, type AuthUser, type RequestClient } from '../common/decorators';
import { MultipartUpload } from '../common/csrf';
import type { Paged } from '../common/envelope.interceptor';
import { readMultipart } from '../uploads/multipart';
import { uploadRules } from '../uploads/upload-kinds';
import { BlogDeskService } from './blog-desk.service';

/**
 * The blog desk (issue 23; spec 02 §2 /dashboard/admin/blog and /news, §7 Blog). Roles:
 * manager (marketing), admin, super_admin; moderation: admin, super_admin. Writes need
 * X-CSRF-Token and are audited. The staff reads live under /api/blog/admin/..., clear of the
 * public GET /api/blog/:idOrSlug. Rules: BlogDeskService.
 */
@Controller('blog')
@Roles(...BLOG_DESK_ROLES)
export class BlogDeskController {
  constructor(private readonly desk: BlogDeskService) {}

  /** GET /api/blog/admin/posts?kind&status&moderation&q&sort=updated|published|scheduled|title&dir&page&limit -> 200 BlogDeskPostDto[], meta. */
  @Get('admin/posts')
  list(@Query() q: BlogDeskQuery): Promise<Paged<BlogDeskPostDto>> {
    return this.desk.list(q);
  }

  /** GET /api/blog/admin/posts/{id} -> 200 BlogDeskPostDto (any status); 404. */
  @Get('admin/posts/:id')
  get(@Param('id') id: string): Promise<BlogDeskPostDto> {
    return this.desk.get(id);
  }

  /** POST /api/blog/posts BlogPostWriteDto -> 201 BlogDeskPostDto (a draft). 400 per-field map. */
  @Post('posts')
  @HttpCode(201)
  create(@CurrentUser() actor: AuthUser, @Body() dto: BlogPostWriteDto, @Client() client: RequestClient): Promise<BlogDeskPostDto> {
    return this.desk.create(actor, dto, client);
  }

  /** PUT /api/blog/posts/{id} BlogPostWriteDto -> 200 BlogDeskPostDto; 404; 400. */
  @Put('posts/:id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: BlogPostWriteDto,
    @Client() client: RequestClient,
  ): Promise<BlogDeskPostDto> {
    return this.desk.update(actor, id, dto, client);
  }

  /** DELETE /api/blog/posts/{id} -> 204 (hard delete, audited); 404. */
  @Delete('posts/:id')
  @HttpCode(204)
  remove(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Client() client: RequestClient): Promise<void> {
    return this.desk.remove(actor, id, client);
  }

  /** PATCH /api/blog/posts/{id}/moderation {status: pending|approved|rejected, note} -> 200; 403 (manager); 400 note; 404. */
  @Patch('posts/:id/moderation')
  moderate(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: BlogModerationDto,
    @Client() client: RequestClient,
  ): Promise<BlogDeskPostDto> {
    return this.desk.moderate(actor, id, dto, client);
  }

  /** PATCH /api/blog/posts/{id}/status {status: draft|published|archived} -> 200; 400 status (not approved); 404. */
  @Patch('posts/:id/status')
  status(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: BlogStatusDto,
    @Client() client: RequestClient,
  ): Promise<BlogDeskPostDto> {
    return this.desk.setStatus(actor, id, dto, client);
  }

  /** POST /api/blog/schedule {postId, publishAt} -> 200 BlogDeskPostDto; 400 publishAt (past) / postId (not a draft); 404. */
  @Post('schedule')
  @HttpCode(200)
  schedule(@CurrentUser() actor: AuthUser, @Body() dto: BlogScheduleDto, @Client() client: RequestClient): Promise<BlogDeskPostDto> {
    return this.desk.schedule(actor, dto, client);
  }

  /** POST /api/blog/schedule/auto-month {startDate, languages?, kind?} -> 202 BlogBatchDto (queued); 400 startDate. */
  @Post('schedule/auto-month')
  @HttpCode(202)
  autoMonth(@CurrentUser() actor: AuthUser, @Body() dto: BlogAutoMonthDto, @Client() client: RequestClient): Promise<BlogBatchDto> {
    return this.desk.autoMonth(actor, dto, client);
  }

  /** GET /api/blog/schedule/batches/{id} -> 200 BlogBatchDto {status, total, done}; 404. */
  @Get('schedule/batches/:id')
  batch(@Param('id') id: string): Promise<BlogBatchDto> {
    return this.desk.batch(id);
  }

  /**
   * POST /api/blog/cover, multipart: one image (jpeg/png/webp/avif by its bytes, ≤ UPLOAD_IMAGE_MAX_BYTES,
   * ≤ 40 MP; the uploads module's checks) -> 201 {key: 'blog/covers/<uuid>.<ext>', url}; the post's
   * coverImageKey takes the key. No CSRF token (spec 02 §7 uploads), the bearer token is required.
   * 400 no file, 413 FILE_TOO_LARGE / IMAGE_TOO_MANY_PIXELS, 415 UNSUPPORTED_FILE_TYPE. Audit blog_cover.upload.
   */
  @Post('cover')
  @MultipartUpload()
  @HttpCode(201)
  async cover(
    @Req() req: FastifyRequest,
    @CurrentUser() actor: AuthUser,
    @Client() client: RequestClient,
  ): Promise<{ key: string; url: string }> {
    const { files } = await readMultipart(req, uploadRules().image.maxBytes);
    return this.desk.cover(actor, files[0].data, client);
  }

  /** POST /api/blog/preview {html} -> 200 {html}: sanitised exactly as the public article page. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() dto: BlogPreviewDto): { html: string } {
    return this.desk.preview(dto.html);
  }
}
