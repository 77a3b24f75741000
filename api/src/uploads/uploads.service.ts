import type { StoredUploadDto, UploadHealthDto } from '@realty/contracts';
import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FileStorage, IncomingFile } from '@realty/db';
import type { Readable } from 'node:stream';
import { JobName } from '@realty/jobs';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { AuditService } from '../audit/audit.service';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PropertiesService } from '../properties/properties.service';
import { inspectFile, inspectHead, SNIFF_BYTES, STORED_NAME, uploadRules } from './upload-kinds';

export const UPLOAD_FILE_STORAGE = Symbol('UPLOAD_FILE_STORAGE');

/** A file as received from the multipart body. */
export interface ReceivedFile {
  data: Buffer;
}

/** One stored file as answered (spec 02 §7 Uploads). */
/** One stored file (the contract's StoredUploadDto). */
export type StoredUpload = StoredUploadDto;

const ADMINS = new Set(['admin', 'super_admin']);

/** Age after which a file left in the storage's `.incoming` folder (a process killed mid-upload) is removed at start. */
export const STALE_INCOMING_MS = 24 * 60 * 60_000;

/** Uploads of spec 02 §7: property images, documents, videos, deletion. */
@Injectable()
export class UploadsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UPLOAD_FILE_STORAGE) private readonly storage: FileStorage,
    private readonly audit: AuditService,
    private readonly outbox: OutboxRelay,
    private readonly catalog: PropertiesService,
  ) {}

  /** At start: removes videos half-received by a process that was killed (older than STALE_INCOMING_MS; never fails the start). */
  async onApplicationBootstrap(): Promise<void> {
    const removed = await this.storage.sweepIncoming(STALE_INCOMING_MS).catch((err: unknown) => {
      this.logger.warn(`could not sweep the incoming uploads: ${(err as Error).message}`);
      return 0;
    });
    if (removed) this.logger.log(`removed ${removed} half-received upload(s) left by an earlier process`);
  }

  /** The limits answered by GET /api/upload/health. */
  health(): UploadHealthDto {
    const rules = uploadRules();
    return {
      status: 'ok' as const,
      images: { maxBytes: rules.image.maxBytes, maxPixels: 40_000_000, types: Object.values(rules.image.types) },
      documents: { maxBytes: rules.document.maxBytes, types: Object.values(rules.document.types) },
      videos: { maxBytes: rules.video.maxBytes, types: Object.values(rules.video.types) },
    };
  }

  /**
   * Checks every file (413/415, upload-kinds.ts), then for each: stores it under
   * properties/<propertyId>/<name>, and in one transaction inserts its property_images row (after
   * the property's last image), its uploads row, an outbox PropertyImageVariants job and the audit
   * row property_image.create. 404 unknown (or deleted) property; 403 unless the caller owns the
   * property or is an admin.
   */
  async propertyImages(actor: AuthUser, client: RequestClient, propertyId: string, files: ReceivedFile[]): Promise<StoredUpload[]> {
    const rows: Array<{ owner_id: string | null }> = await this.db.query(
      `SELECT owner_id FROM properties WHERE id = $1 AND deleted_at IS NULL`,
      [propertyId],
    );
    if (!rows.length) throw ApiException.notFound();
    if (rows[0].owner_id !== actor.id && !ADMINS.has(actor.role)) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
    const rule = uploadRules().image;
    const checked = [];
    for (const f of files) checked.push({ data: f.data, type: await inspectFile('image', f.data, rule) });
    const out: StoredUpload[] = [];
    for (const { data, type } of checked) {
      const name = `${randomUUID()}.${type.ext}`;
      const key = `properties/${propertyId}/${name}`;
      await this.storage.put(key, data);
      const rows = this.db.transaction(async (m) => {
        const inserted: Array<{ id: string }> = await m.query(
          `INSERT INTO property_images (property_id, storage_key, width, height, sort_order)
           VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM property_images WHERE property_id = $1))
           RETURNING id`,
          [propertyId, key, type.width ?? null, type.height ?? null],
        );
        const id = inserted[0].id;
        await m.query(
          `INSERT INTO uploads (name, kind, mime, size_bytes, storage_key, uploader_id, property_image_id) VALUES ($1, 'image', $2, $3, $4, $5, $6)`,
          [name, type.mime, data.length, key, actor.id, id],
        );
        await this.outbox.write(m, JobName.PropertyImageVariants, { imageId: id });
        await this.audit.record(
          m,
          { user: actor, client },
          {
            action: 'property_image.create',
            entity: 'property_image',
            entityId: id,
            after: { propertyId, name, mime: type.mime, size: data.length, width: type.width, height: type.height },
          },
        );
        return id;
      });
      const imageId = await this.removeOnFailure(key, () => rows);
      out.push({
        name,
        url: this.storage.publicUrl(key),
        mime: type.mime,
        size: data.length,
        imageId,
        width: type.width,
        height: type.height,
      });
    }
    // A listing's first image is its public main image: drop this process's catalogue answers.
    this.catalog.invalidate();
    this.outbox.kick();
    return out;
  }

  /** Checks every file (pdf/docx/xlsx), stores each under documents/<name> with its uploads row and the audit row document.create. */
  async documents(actor: AuthUser, client: RequestClient, files: ReceivedFile[]): Promise<StoredUpload[]> {
    const rule = uploadRules().document;
    const checked = [];
    for (const f of files) checked.push({ data: f.data, type: await inspectFile('document', f.data, rule) });
    const out: StoredUpload[] = [];
    for (const { data, type } of checked) {
      const name = `${randomUUID()}.${type.ext}`;
      const key = `documents/${name}`;
      await this.storage.put(key, data);
      await this.removeOnFailure(key, () =>
        this.recordUpload(actor, client, 'document', { name, key, mime: type.mime, size: data.length }),
      );
      out.push({ name, url: this.storage.publicUrl(key), mime: type.mime, size: data.length });
    }
    return out;
  }

  /**
   * Streams one received video part to a temporary file in the storage (never whole in memory),
   * keeping its first bytes for the type check; see streamMultipart for the size limit.
   */
  receiveVideo(source: Readable): Promise<IncomingFile> {
    return this.storage.receive(source, { maxBytes: uploadRules().video.maxBytes, headBytes: SNIFF_BYTES });
  }

  /**
   * POST /api/upload/videos after streamMultipart: every file's type from its first bytes
   * (mp4, webm, mov; 415 UNSUPPORTED_FILE_TYPE, nothing kept), then for each: moved to
   * videos/<uuid>.<ext>, its uploads row (kind 'video') and the audit row video.create in one
   * transaction; a failed transaction removes the file. Files not stored are discarded.
   */
  async videos(actor: AuthUser, client: RequestClient, files: IncomingFile[]): Promise<StoredUpload[]> {
    try {
      const rule = uploadRules().video;
      const checked = [];
      for (const f of files) checked.push({ file: f, type: await inspectHead(f.head, rule) });
      const out: StoredUpload[] = [];
      for (const { file, type } of checked) {
        const name = `${randomUUID()}.${type.ext}`;
        const key = `videos/${name}`;
        await file.commit(key);
        await this.removeOnFailure(key, () => this.recordUpload(actor, client, 'video', { name, key, mime: type.mime, size: file.size }));
        out.push({ name, url: this.storage.publicUrl(key), mime: type.mime, size: file.size });
      }
      return out;
    } finally {
      await Promise.all(files.map((f) => f.discard()));
    }
  }

  /** The uploads row of a document or video and its audit row `<kind>.create`, in one transaction. */
  private recordUpload(
    actor: AuthUser,
    client: RequestClient,
    kind: 'document' | 'video',
    file: { name: string; key: string; mime: string; size: number },
  ): Promise<void> {
    return this.db.transaction(async (m) => {
      await m.query(`INSERT INTO uploads (name, kind, mime, size_bytes, storage_key, uploader_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
        file.name,
        kind,
        file.mime,
        file.size,
        file.key,
        actor.id,
      ]);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: `${kind}.create`, entity: kind, entityId: file.name, after: { name: file.name, mime: file.mime, size: file.size } },
      );
    });
  }

  /** Runs `write` (the rows of a file already stored under `key`); when it fails, removes the file so no orphan stays on disk. */
  private async removeOnFailure<T>(key: string, write: () => Promise<T>): Promise<T> {
    return write().catch((err: unknown) => this.removeAndRethrow(key, err));
  }

  /** Removes the stored file of a failed write (ignoring a failure to do so) and throws `err` on. */
  private async removeAndRethrow(key: string, err: unknown): Promise<never> {
    await this.storage.remove(key).catch(() => undefined);
    throw err;
  }

  /**
   * DELETE /api/upload/{name}: 400 unless the name has the generated shape (so no path can be
   * named), 404 unknown, 403 unless the caller uploaded it or is an admin. Deletes the uploads row
   * (and the property_images row of an image) with the audit row upload.delete in one
   * transaction, then the file.
   */
  async remove(actor: AuthUser, client: RequestClient, name: string): Promise<void> {
    if (!STORED_NAME.test(name)) throw ApiException.validation({ name: 'upload.nameInvalid' });
    const removed = await this.db.transaction(async (m) => {
      const rows: Array<{ kind: string; mime: string; storage_key: string; uploader_id: string | null; property_image_id: string | null }> =
        await m.query(`SELECT kind, mime, storage_key, uploader_id, property_image_id FROM uploads WHERE name = $1 FOR UPDATE`, [name]);
      if (!rows.length) throw ApiException.notFound();
      const row = rows[0];
      if (row.uploader_id !== actor.id && !ADMINS.has(actor.role)) throw new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN');
      if (row.property_image_id) await m.query(`DELETE FROM property_images WHERE id = $1`, [row.property_image_id]);
      await m.query(`DELETE FROM uploads WHERE name = $1`, [name]);
      await this.audit.record(
        m,
        { user: actor, client },
        {
          action: 'upload.delete',
          entity: 'upload',
          entityId: name,
          before: { name, kind: row.kind, mime: row.mime, storageKey: row.storage_key, propertyImageId: row.property_image_id },
        },
      );
      return { key: row.storage_key, image: row.property_image_id !== null };
    });
    // An image of a listing: the public card and page change (other processes: catalogue_version trigger).
    if (removed.image) this.catalog.invalidate();
    await this.storage.remove(removed.key);
  }
}
