import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserDto,
  type AdminUsersQuery,
  type CreateUserDto,
  type Language,
  type RoleDto,
  type RoleName,
  type UserStatus,
} from '@realty/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../common/api.exception';
import type { AuthUser, RequestClient } from '../common/decorators';
import { AuditService } from '../audit/audit.service';
import { Paged } from '../common/envelope.interceptor';
import { emailTaken, isUniqueViolation } from '../auth/auth.service';
import { Passwords } from '../auth/passwords';
import { SessionsService } from '../auth/sessions.service';
import { likeContains } from '../common/like-pattern';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AdminUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: Language;
  status: UserStatus;
  role_id: number;
  role: RoleName;
  created_at: Date;
  updated_at: Date;
}

const ADMIN_USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.phone, u.language, u.status, u.role_id, r.name AS role, u.created_at, u.updated_at`;

function toAdminUser(r: AdminUserRow): AdminUserDto {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    language: r.language,
    role: r.role,
    roleId: r.role_id,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The fields of a user the audit log keeps (spec 02 §7 Audit; issue 21): never the password hash, no timestamps. */
function auditView(u: AdminUserDto): Record<string, unknown> {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    language: u.language,
    role: u.role,
    status: u.status,
  };
}

const forbidden = (message: string) => new ApiException(HttpStatus.FORBIDDEN, 'FORBIDDEN', message);

/** The target of a change, read under lock with the active super_admins. */
interface Target {
  id: string;
  role: RoleName;
  status: UserStatus;
  /** The target is an active super_admin and no other active super_admin exists. */
  isLastSuperAdmin: boolean;
  /** The acting user is still an active super_admin now, under the lock (not only when the request began). */
  actorIsSuperAdmin: boolean;
}

/**
 * User administration (spec 02 §6-§7 "Users"; admin and super_admin only). Rules:
 * - only a super_admin creates, promotes, changes, blocks or deletes a super_admin (403); for
 *   changes this is checked again under the lock, so an actor demoted meanwhile cannot act;
 * - nobody demotes, blocks or deletes the last active super_admin (409), checked under a lock
 *   of every active super_admin row, so two super_admins cannot demote each other at once;
 * - nobody changes the role or status of, or deletes, their own account (403);
 * - blocking ends every session of the user at once (refresh and access tokens stop);
 * - every write is on the audit log (user.create, user.role, user.status, user.delete) in the
 *   transaction of the change, with the actor and the client's ip and user agent (issue 21).
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
  ) {}

  /** GET /api/admin/users: filtered, newest first, paged (default 20 per page). */
  async list(query: AdminUsersQuery): Promise<Paged<AdminUserDto>> {
    const page = query.page ?? 1;
    const limit = query.limit ?? ADMIN_USERS_PAGE_SIZE;
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.q) {
      const p = param(likeContains(query.q));
      where.push(
        `(lower(u.email) LIKE ${p} OR lower(u.first_name || ' ' || u.last_name) LIKE ${p} OR lower(u.last_name || ' ' || u.first_name) LIKE ${p})`,
      );
    }
    if (query.role) where.push(`r.name = ${param(query.role)}`);
    if (query.status) where.push(`u.status = ${param(query.status)}`);
    const from = `FROM users u JOIN roles r ON r.id = u.role_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const n = params.length;
    const [rows, counted]: [AdminUserRow[], Array<{ total: number }>] = await Promise.all([
      this.db.query(`SELECT ${ADMIN_USER_COLUMNS} ${from} ORDER BY u.created_at DESC, u.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        limit,
        (page - 1) * limit,
      ]),
      this.db.query(`SELECT count(*)::int AS total ${from}`, params),
    ]);
    const total = Number(counted[0]?.total ?? 0);
    return new Paged(rows.map(toAdminUser), { total, page, limit, totalPages: Math.ceil(total / limit) });
  }

  /** GET /api/admin/roles: every role, by id. */
  async roles(): Promise<RoleDto[]> {
    return this.db.query(`SELECT id, name, title FROM roles ORDER BY id`);
  }

  /** POST /api/admin/users. 400 fields.roleId for an unknown role; 403 for a super_admin made by an admin; 409 fields.email. */
  async create(actor: AuthUser, dto: CreateUserDto, client: RequestClient | null = null): Promise<AdminUserDto> {
    const role = await this.roleById(this.db.manager, dto.roleId);
    if (role === 'super_admin' && actor.role !== 'super_admin') throw forbidden('users.superAdminOnly');
    const taken: unknown[] = await this.db.query(`SELECT 1 FROM users WHERE lower(email) = $1`, [dto.email]);
    if (taken.length) throw emailTaken();
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      return await this.db.transaction(async (m) => {
        const rows: Array<{ id: string }> = await m.query(
          `INSERT INTO users (email, password_hash, first_name, last_name, phone, language, role_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [dto.email, passwordHash, dto.firstName, dto.lastName, dto.phone ?? null, dto.language ?? 'ru', dto.roleId],
        );
        const created = await this.one(m, rows[0].id);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'user.create', entity: 'user', entityId: created.id, after: auditView(created) },
        );
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'uq_users_email_lower')) throw emailTaken();
      throw err;
    }
  }

  /** PATCH /api/admin/users/:id/role {roleId}. 404, 400 fields.roleId, 403 (super_admin rule, own account), 409 (last super_admin). */
  async changeRole(actor: AuthUser, id: string, roleId: number, client: RequestClient | null = null): Promise<AdminUserDto> {
    return this.db.transaction(async (m) => {
      const role = await this.roleById(m, roleId);
      const target = await this.lockTarget(m, id, actor);
      if (!target.actorIsSuperAdmin && (target.role === 'super_admin' || role === 'super_admin')) throw forbidden('users.superAdminOnly');
      if (target.isLastSuperAdmin && role !== 'super_admin') throw lastSuperAdmin();
      if (target.id === actor.id) throw forbidden('users.ownAccount');
      const before = await this.one(m, target.id);
      await m.query(`UPDATE users SET role_id = $2, updated_at = now() WHERE id = $1`, [target.id, roleId]);
      const after = await this.one(m, target.id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'user.role', entity: 'user', entityId: target.id, before: auditView(before), after: auditView(after) },
      );
      return after;
    });
  }

  /** PATCH /api/admin/users/:id/status {status}. Blocking ends every session of the user. Errors as for the role. */
  async changeStatus(actor: AuthUser, id: string, status: UserStatus, client: RequestClient | null = null): Promise<AdminUserDto> {
    return this.db.transaction(async (m) => {
      const target = await this.lockTarget(m, id, actor);
      if (!target.actorIsSuperAdmin && target.role === 'super_admin') throw forbidden('users.superAdminOnly');
      if (target.isLastSuperAdmin && status !== 'active') throw lastSuperAdmin();
      if (target.id === actor.id) throw forbidden('users.ownAccount');
      const before = await this.one(m, target.id);
      await m.query(`UPDATE users SET status = $2, updated_at = now() WHERE id = $1`, [target.id, status]);
      if (status === 'blocked') await this.sessions.revokeAllOfUser(target.id, 'blocked', { manager: m });
      const after = await this.one(m, target.id);
      await this.audit.record(
        m,
        { user: actor, client },
        { action: 'user.status', entity: 'user', entityId: target.id, before: auditView(before), after: auditView(after) },
      );
      return after;
    });
  }

  /**
   * DELETE /api/admin/users/:id. Their sessions, tokens and favourites go with them (the
   * favourites counters of the listings drop accordingly); listings they were agent or owner
   * of keep no agent/owner. 409 'users.inUse' when other records still refer to the user.
   */
  async remove(actor: AuthUser, id: string, client: RequestClient | null = null): Promise<void> {
    try {
      await this.db.transaction(async (m) => {
        const target = await this.lockTarget(m, id, actor);
        if (!target.actorIsSuperAdmin && target.role === 'super_admin') throw forbidden('users.superAdminOnly');
        if (target.isLastSuperAdmin) throw lastSuperAdmin();
        if (target.id === actor.id) throw forbidden('users.ownAccount');
        await m.query(
          `UPDATE properties p SET favorites_count = GREATEST(p.favorites_count - 1, 0)
             FROM favorites f WHERE f.user_id = $1 AND f.property_id = p.id`,
          [target.id],
        );
        const before = await this.one(m, target.id);
        await m.query(`DELETE FROM users WHERE id = $1`, [target.id]);
        await this.audit.record(
          m,
          { user: actor, client },
          { action: 'user.delete', entity: 'user', entityId: target.id, before: auditView(before) },
        );
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'users.inUse');
      throw err;
    }
  }

  /**
   * Locks every active super_admin row (ordered, so concurrent changes queue instead of
   * deadlocking), then the target row, and tells whether the actor is still a super_admin.
   * 404 for a malformed or unknown id.
   */
  private async lockTarget(m: EntityManager, id: string, actor: AuthUser): Promise<Target> {
    if (!UUID.test(id)) throw ApiException.notFound();
    const superAdmins: Array<{ id: string }> = await m.query(
      `SELECT u.id FROM users u WHERE u.status = 'active' AND u.role_id IN (SELECT id FROM roles WHERE name = 'super_admin')
        ORDER BY u.id FOR UPDATE`,
    );
    const rows: Array<{ id: string; role: RoleName; status: UserStatus }> = await m.query(
      `SELECT u.id, r.name AS role, u.status FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1 FOR UPDATE OF u`,
      [id],
    );
    if (!rows.length) throw ApiException.notFound();
    const t = rows[0];
    const isLastSuperAdmin = t.role === 'super_admin' && t.status === 'active' && superAdmins.every((s) => s.id === t.id);
    return { ...t, isLastSuperAdmin, actorIsSuperAdmin: superAdmins.some((s) => s.id === actor.id) };
  }

  private async roleById(m: EntityManager, roleId: number): Promise<RoleName> {
    const rows: Array<{ name: RoleName }> = await m.query(`SELECT name FROM roles WHERE id = $1`, [roleId]);
    if (!rows.length) throw ApiException.validation({ roleId: 'users.roleUnknown' });
    return rows[0].name;
  }

  private async one(m: EntityManager, id: string): Promise<AdminUserDto> {
    const rows: AdminUserRow[] = await m.query(
      `SELECT ${ADMIN_USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
      [id],
    );
    return toAdminUser(rows[0]);
  }
}

/** 409 'Нельзя понизить, заблокировать или удалить последнего активного супер-администратора'. */
function lastSuperAdmin(): ApiException {
  return new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'users.lastSuperAdmin');
}
