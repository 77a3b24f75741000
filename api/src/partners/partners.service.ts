import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PARTNER_QUERY_LIMITS, SLUG_PATTERN, type PartnerDto, type PartnerListDto, type PartnersQuery } from '@realty/contracts';
import { Partner } from '@realty/db';
import type { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { likeContains } from '../common/like-pattern';
import { toPartnerDto } from './partners.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public reads of partners (spec 01 §7 "GET /partners", §3 Partner). Only active partners are visible. */
@Injectable()
export class PartnersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One page of active partners: featured first, then by sort order and name (id breaks
   * ties so paging is stable). Filters: featured, category slug (unknown: empty list),
   * q (name, description in any language, address, services), isInBusinessCenter.
   */
  async list(query: PartnersQuery): Promise<PartnerListDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? PARTNER_QUERY_LIMITS.limitDefault;
    const qb = this.db.getRepository(Partner).createQueryBuilder('p').leftJoinAndSelect('p.category', 'c').where('p.isActive = true');
    if (query.featured !== undefined) qb.andWhere('p.featured = :featured', { featured: query.featured });
    if (query.isInBusinessCenter !== undefined) qb.andWhere('p.isInBusinessCenter = :inBc', { inBc: query.isInBusinessCenter });
    if (query.category) qb.andWhere('c.slug = :category', { category: query.category.toLowerCase() });
    if (query.q) {
      qb.andWhere(`lower("p"."name" || ' ' || "p"."description"::text || ' ' || "p"."address" || ' ' || "p"."services"::text) LIKE :q`, {
        q: likeContains(query.q),
      });
    }
    qb.orderBy('p.featured', 'DESC').addOrderBy('p.sortOrder', 'ASC').addOrderBy('p.name', 'ASC').addOrderBy('p.id', 'ASC');
    const [rows, total] = await qb
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { items: rows.map(toPartnerDto), pagination: { total, totalPages: Math.ceil(total / limit), page, limit } };
  }

  /** One active partner by uuid or slug; 404 NOT_FOUND otherwise (no query for a malformed key). */
  async detail(idOrSlug: string): Promise<PartnerDto> {
    const repo = this.db.getRepository(Partner);
    let row: Partner | null = null;
    if (UUID.test(idOrSlug)) row = await repo.findOne({ where: { id: idOrSlug, isActive: true }, relations: { category: true } });
    if (!row && SLUG_PATTERN.test(idOrSlug))
      row = await repo.findOne({ where: { slug: idOrSlug.toLowerCase(), isActive: true }, relations: { category: true } });
    if (!row) throw ApiException.notFound();
    return toPartnerDto(row);
  }
}
