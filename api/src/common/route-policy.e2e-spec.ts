import { Controller, Get, Post } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ROLES, type RoleName } from '@realty/contracts';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { catalogProperties, insertProperty, withClient } from '../../test/fixtures';
import { Authenticated, Public, Roles } from './decorators';
import { RoutePolicyCheck, handlersWithoutPolicy, registeredRoutes } from './guards';

/**
 * DESIGN "Auth and sessions": "Every staff route has an explicit role list; a test walks every
 * route with every role." The table below is the declared policy of EVERY route the app
 * registers; the test fails when the app has a route the table does not list (or the other
 * way round), and calls each route as anonymous and as each role, with a valid CSRF token.
 */

type Who = 'anonymous' | RoleName;
const EVERYONE: readonly Who[] = ['anonymous', ...ROLES];
const STAFF_ADMINS: readonly RoleName[] = ['admin', 'super_admin'];
const STAFF: readonly RoleName[] = ['employee', 'manager', 'admin', 'super_admin'];
const LANDING_EDITORS: readonly RoleName[] = ['manager', 'admin', 'super_admin'];

type Policy = 'public' | 'authenticated' | readonly RoleName[];

/** "METHOD /path" -> policy. HEAD routes (Fastify adds one per GET) follow their GET. */
const POLICY: Record<string, Policy> = {
  'GET /api/health': 'public',
  'GET /api/csrf-token': 'public',
  'GET /api/properties': 'public',
  'GET /api/properties/map': 'public',
  'GET /api/properties/version': 'public',
  'GET /api/properties/categories': 'public',
  'GET /api/properties/categories/:id/subcategories': 'public',
  'GET /api/properties/:idOrSlug': 'public',
  'GET /api/properties/:idOrSlug/similar': 'public',
  'GET /api/partners': 'public',
  'GET /api/partners/:idOrSlug': 'public',
  'GET /api/blog': 'public',
  'GET /api/blog/posts': 'public',
  'GET /api/blog/categories': 'public',
  'GET /api/blog/:idOrSlug': 'public',
  'GET /api/blog/:idOrSlug/related': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/me': 'authenticated',
  'PATCH /api/auth/me': 'authenticated',
  'POST /api/auth/change-password': 'authenticated',
  'POST /api/properties/:idOrSlug/favorites': 'authenticated',
  'DELETE /api/properties/:idOrSlug/favorites': 'authenticated',
  'GET /api/user/favorites': 'authenticated',
  'GET /api/user/favorites/ids': 'authenticated',
  'POST /api/leads': 'public',
  'POST /api/inquiries': 'public',
  'GET /api/user/inquiries': 'authenticated',
  'POST /api/website-analytics/track-page-view': 'public',
  'POST /api/website-analytics/track-event': 'public',
  // public to the guards; the handler answers 403 unless the peer is a trusted proxy (the web server)
  'POST /api/website-analytics/server-page-views': 'public',
  'GET /api/admin/health': STAFF_ADMINS,
  'GET /api/admin/users': STAFF_ADMINS,
  'GET /api/admin/roles': STAFF_ADMINS,
  'POST /api/admin/users': STAFF_ADMINS,
  'PATCH /api/admin/users/:id/role': STAFF_ADMINS,
  'PATCH /api/admin/users/:id/status': STAFF_ADMINS,
  'DELETE /api/admin/users/:id': STAFF_ADMINS,
  // the audit log (issue 21, spec 02 §7 Audit); the export without ?format answers admins 400
  'GET /api/admin/audit-logs': STAFF_ADMINS,
  'GET /api/admin/audit-logs/export': STAFF_ADMINS,
  'GET /api/audit-logs/:id': STAFF_ADMINS,
  // the local mail sink (404 MAIL_SINK_OFF for admins when MAIL_SINK_DIR is unset, as here)
  'GET /api/admin/mail': STAFF_ADMINS,
  'GET /api/admin/mail/:id': STAFF_ADMINS,
  // address search (spec 02 §7 geocoding): the offline gazetteer here; 400 for the missing parameters
  'GET /api/geocode': STAFF,
  'GET /api/geocode/suggest': STAFF,
  'GET /api/geocode/reverse': STAFF,
  // uploads (spec 02 §7); called here without a file: staff get 400
  'POST /api/upload/property-images': STAFF,
  'POST /api/upload/documents': STAFF,
  'POST /api/upload/videos': STAFF,
  'DELETE /api/upload/:name': STAFF,
  'GET /api/upload/health': STAFF,
  // the listing lifecycle (issue 21, spec 02 §4, §7 Properties): staff write, admins moderate
  'POST /api/properties': STAFF,
  'PUT /api/properties/:id': STAFF,
  'DELETE /api/properties/:id': STAFF,
  'GET /api/properties/deleted': STAFF,
  'GET /api/properties/mine': STAFF,
  'POST /api/properties/:id/restore': STAFF,
  'GET /api/properties/moderation-queue': STAFF_ADMINS,
  'GET /api/properties/moderation-queue/:id': STAFF_ADMINS,
  'POST /api/properties/:id/approve': STAFF_ADMINS,
  'POST /api/properties/:id/reject': STAFF_ADMINS,
  // the staff listing list, bulk status and the employee dashboard (issue 21, spec 02 §2, §7)
  'GET /api/properties/manage': STAFF,
  'POST /api/properties/bulk-status': STAFF,
  'GET /api/analytics/dashboard': STAFF,
  // the listing form's reads and image order (issue 21, spec 02 §2 create/edit)
  'GET /api/properties/form-options': STAFF,
  'GET /api/properties/:id/edit': STAFF,
  'PUT /api/properties/:id/images': STAFF,
  // reference data (issue 21, spec 02 §2 admin property-categories, property-types, building-complexes)
  'GET /api/admin/property-categories': STAFF_ADMINS,
  'POST /api/admin/property-categories': STAFF_ADMINS,
  'PUT /api/admin/property-categories/:id': STAFF_ADMINS,
  'DELETE /api/admin/property-categories/:id': STAFF_ADMINS,
  'POST /api/admin/property-categories/:id/subcategories': STAFF_ADMINS,
  'PUT /api/admin/property-subcategories/:id': STAFF_ADMINS,
  'DELETE /api/admin/property-subcategories/:id': STAFF_ADMINS,
  'GET /api/admin/property-types': STAFF_ADMINS,
  'POST /api/admin/property-types': STAFF_ADMINS,
  'PUT /api/admin/property-types/:id': STAFF_ADMINS,
  'DELETE /api/admin/property-types/:id': STAFF_ADMINS,
  'GET /api/admin/building-complexes': STAFF_ADMINS,
  'POST /api/admin/building-complexes': STAFF_ADMINS,
  'PUT /api/admin/building-complexes/:id': STAFF_ADMINS,
  'DELETE /api/admin/building-complexes/:id': STAFF_ADMINS,
  'GET /api/admin/districts': STAFF_ADMINS,
  // CRM leads (issue 22, spec 02 §2 /dashboard/crm/leads, §7 "CRM leads")
  'GET /api/crm/leads': STAFF,
  'POST /api/crm/leads': STAFF,
  'GET /api/crm/leads/agents': STAFF,
  'GET /api/crm/leads/:id': STAFF,
  'PUT /api/crm/leads/:id': STAFF,
  'DELETE /api/crm/leads/:id': STAFF,
  'POST /api/crm/leads/:id/assign': STAFF,
  'PATCH /api/crm/leads/:id/status': STAFF,
  'POST /api/crm/leads/:id/call': STAFF,
  'POST /api/crm/leads/:id/convert': STAFF,
  'POST /api/crm/leads/:id/merge': STAFF,
  // --- CRM messaging (issue 22): message templates, messages to a lead, notifications, overview
  'GET /api/crm/message-templates': STAFF,
  'POST /api/crm/message-templates': STAFF_ADMINS,
  'GET /api/crm/message-templates/:id': STAFF,
  'PUT /api/crm/message-templates/:id': STAFF_ADMINS,
  'DELETE /api/crm/message-templates/:id': STAFF_ADMINS,
  'POST /api/crm/leads/:id/send-email': STAFF,
  'POST /api/crm/leads/:id/send-telegram': STAFF,
  'GET /api/crm/overview': STAFF,
  'GET /api/notifications': 'authenticated',
  'GET /api/notifications/unread-count': 'authenticated',
  'POST /api/notifications/read-all': 'authenticated',
  'POST /api/notifications/:id/read': 'authenticated',
  // CRM clients and deals (issue 22, spec 02 §7 "CRM clients", "Deals")
  'GET /api/crm/clients': STAFF,
  'POST /api/crm/clients': STAFF,
  'GET /api/crm/clients/:id': STAFF,
  'PUT /api/crm/clients/:id': STAFF,
  'DELETE /api/crm/clients/:id': STAFF,
  'GET /api/crm/deals/kanban': STAFF,
  'GET /api/crm/deals': STAFF,
  'POST /api/crm/deals': STAFF,
  'GET /api/crm/deals/:id': STAFF,
  'PATCH /api/crm/deals/:id': STAFF,
  'DELETE /api/crm/deals/:id': STAFF,
  'PATCH /api/crm/deals/:id/move': STAFF,
  'POST /api/crm/deals/:id/close': STAFF,
  // CRM tasks, viewings, calendar, activity feed (issue 22, part crm-schedule)
  'GET /api/crm/tasks': STAFF,
  'POST /api/crm/tasks': STAFF,
  'POST /api/crm/tasks/bulk-complete': STAFF,
  'GET /api/crm/tasks/:id': STAFF,
  'PUT /api/crm/tasks/:id': STAFF,
  'DELETE /api/crm/tasks/:id': STAFF,
  'POST /api/crm/tasks/:id/complete': STAFF,
  // presentations (issue 23)
  'GET /api/presentations/templates/list': STAFF,
  'GET /api/presentations/templates/:id': STAFF,
  'GET /api/presentations/stats/overview': STAFF,
  'POST /api/presentations/generate': STAFF,
  'POST /api/presentations/bulk-generate': STAFF,
  'GET /api/presentations/batches/:id': STAFF,
  'GET /api/presentations/batches/:id/zip': STAFF,
  'GET /api/presentations': STAFF,
  'GET /api/presentations/:id': STAFF,
  'GET /api/presentations/:id/download': STAFF,
  'POST /api/presentations/:id/retry': STAFF,
  'DELETE /api/presentations/:id': STAFF,
  'GET /api/crm/viewings': STAFF,
  'GET /api/crm/viewings/options': STAFF,
  'POST /api/crm/viewings': STAFF,
  'GET /api/crm/viewings/:id': STAFF,
  'PUT /api/crm/viewings/:id': STAFF,
  'DELETE /api/crm/viewings/:id': STAFF,
  'POST /api/crm/viewings/:id/outcome': STAFF,
  'GET /api/calendar': STAFF,
  'POST /api/calendar': STAFF,
  'GET /api/calendar/:id': STAFF,
  'PUT /api/calendar/:id': STAFF,
  'DELETE /api/calendar/:id': STAFF,
  'GET /api/crm/activities': STAFF,
  'POST /api/crm/activities': STAFF,
  // CRM lead export and import (issue 22, api/src/crm/lead-files)
  'GET /api/crm/leads/export': STAFF,
  'POST /api/crm/leads/import': STAFF,
  'GET /api/crm/leads/import/:id': STAFF,
  'POST /api/crm/leads/import/:id/run': STAFF,
  'GET /api/crm/leads/import/:id/errors': STAFF,
  // The blog desk (issue 23, api/src/blog/blog-desk.controller.ts): marketing (manager) and administrators
  'GET /api/blog/admin/posts': ['manager', 'admin', 'super_admin'],
  'GET /api/blog/admin/posts/:id': ['manager', 'admin', 'super_admin'],
  'POST /api/blog/posts': ['manager', 'admin', 'super_admin'],
  'PUT /api/blog/posts/:id': ['manager', 'admin', 'super_admin'],
  'DELETE /api/blog/posts/:id': ['manager', 'admin', 'super_admin'],
  'PATCH /api/blog/posts/:id/moderation': ['manager', 'admin', 'super_admin'],
  'PATCH /api/blog/posts/:id/status': ['manager', 'admin', 'super_admin'],
  'POST /api/blog/schedule': ['manager', 'admin', 'super_admin'],
  'POST /api/blog/schedule/auto-month': ['manager', 'admin', 'super_admin'],
  'GET /api/blog/schedule/batches/:id': ['manager', 'admin', 'super_admin'],
  'POST /api/blog/preview': ['manager', 'admin', 'super_admin'],
  'POST /api/blog/cover': ['manager', 'admin', 'super_admin'],
  // AI content (issue 23, api/src/ai)
  'POST /api/ai/generate-description': STAFF,
  'POST /api/ai/generate-questions': STAFF,
  'POST /api/ai/translate': STAFF,
  'POST /api/ai/generate-via-router': STAFF,
  'GET /api/ai/requests/:id': STAFF,
  'POST /api/ai/requests/:id/accept': STAFF,
  'POST /api/ai/requests/:id/discard': STAFF,
  'GET /api/ai/queue': STAFF,
  'GET /api/ai/status': ['manager', 'admin', 'super_admin'],
  'GET /api/ai/stats/hourly': ['manager', 'admin', 'super_admin'],
  'POST /api/ai-property-sessions': STAFF,
  'GET /api/ai-property-sessions': STAFF,
  'GET /api/ai-property-sessions/:id': STAFF,
  'PATCH /api/ai-property-sessions/:id': STAFF,
  'POST /api/ai-property-sessions/:id/generate-suggestions': STAFF,
  'POST /api/ai-property-sessions/:id/complete': STAFF,
  // landing pages (issue 23, api/src/landings): staff read, marketing (manager, admin, super_admin) writes
  'GET /api/landings': STAFF,
  'POST /api/landings/generate': LANDING_EDITORS,
  'GET /api/landings/templates/list': STAFF,
  'GET /api/landings/templates/:id': STAFF,
  'GET /api/landings/stats/overview': STAFF,
  'GET /api/landings/:id': STAFF,
  'PATCH /api/landings/:id': LANDING_EDITORS,
  'DELETE /api/landings/:id': LANDING_EDITORS,
  'GET /api/landings/:id/analytics': STAFF,
  'GET /api/landings/:id/shares': STAFF,
  'POST /api/landings/:id/share/telegram': LANDING_EDITORS,
  'GET /api/landings/public/sitemap': 'public',
  'GET /api/landings/public/:slug': 'public',
  'POST /api/landings/public/:slug/leads': 'public',
};

/** What a caller may get: 'open' = neither 401 nor 403 (and no 5xx). */
function expected(policy: Policy, who: Who): 401 | 403 | 'open' {
  if (policy === 'public') return 'open';
  if (who === 'anonymous') return 401;
  if (policy === 'authenticated') return 'open';
  return policy.includes(who) ? 'open' : 403;
}

describe('route access policies (every route x every role)', () => {
  let api: AccountsApi;
  let slug: string;
  const tokens = new Map<Who, string | undefined>();

  beforeAll(async () => {
    api = await startAccountsApi({
      // Every route x every role fetches a CSRF pair from the loopback address: past 600 calls
      // the global per-IP limit (429) would answer instead of the policy under test.
      env: { RATE_LIMIT_MAX: '100000' },
      seed: async (url, refs) => {
        const listing = catalogProperties()[0];
        slug = listing.slug;
        await withClient(url, (c) => insertProperty(c, refs, listing));
      },
    });
    tokens.set('anonymous', undefined);
    for (const role of ROLES) {
      const email = freshEmail(role);
      await insertUser(api, { email, role });
      const caller = await Caller.create(api.server);
      tokens.set(role, (await caller.login(email)).tokens.accessToken);
    }
  }, 60_000);
  afterAll(() => api?.close());

  /** Registered routes as "METHOD /path", HEAD folded into GET (checked below). */
  function registered(): { keys: string[]; heads: string[] } {
    const all = registeredRoutes(api.app).map((r) => `${r.method} ${r.url}`);
    return { keys: all.filter((k) => !k.startsWith('HEAD ')), heads: all.filter((k) => k.startsWith('HEAD ')) };
  }

  it('lists exactly the routes the app registers (a new route must be added to the table)', () => {
    const { keys, heads } = registered();
    expect([...new Set(keys)].sort()).toEqual(Object.keys(POLICY).sort());
    // every HEAD is the automatic twin of a GET
    for (const h of heads) expect(POLICY[h.replace(/^HEAD /, 'GET ')]).toBeDefined();
  });

  /** A concrete URL and body for a route key. */
  function concrete(key: string): { method: 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete'; url: string; body?: object } {
    const [method, path] = key.split(' ');
    const url = path
      .replace(':idOrSlug', slug)
      .replace('categories/:id', 'categories/offices')
      .replace(':id', '00000000-0000-4000-8000-000000000000');
    const m = method.toLowerCase() as 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';
    return { method: m, url, body: m === 'get' || m === 'head' ? undefined : {} };
  }

  it.each(Object.keys(POLICY))('%s answers each role as its policy says', async (key) => {
    const { method, url, body } = concrete(key);
    const seen: string[] = [];
    const wrong: string[] = [];
    const keysToCall = [key, ...registered().heads.filter((h) => h === key.replace(/^GET /, 'HEAD '))];
    for (const k of keysToCall) {
      const m = k.startsWith('HEAD ') ? 'head' : method;
      for (const who of EVERYONE) {
        const caller = await Caller.create(api.server, tokens.get(who));
        const res = await caller.call(m, url, body);
        const want = expected(POLICY[key], who);
        seen.push(`${m} ${who}:${res.status}`);
        const ok = want === 'open' ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === want;
        if (!ok) wrong.push(`${m.toUpperCase()} ${url} as ${who}: got ${res.status} ${JSON.stringify(res.body)}, want ${want}`);
        if (want !== 'open' && m !== 'head') {
          expect(res.body.error.code).toBe(want === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.length).toBe(keysToCall.length * EVERYONE.length);
  });
});

describe('a route without an access policy', () => {
  @Controller('open')
  @Public()
  class DeclaredController {
    @Get()
    list() {
      return [];
    }

    @Roles('admin')
    @Post()
    create() {
      return {};
    }
  }

  @Controller('forgotten')
  class UndeclaredController {
    @Authenticated()
    @Get()
    fine() {
      return [];
    }

    @Post()
    noPolicy() {
      return {};
    }
  }

  it('is found, and RoutePolicyCheck refuses to let the app start', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [DeclaredController, UndeclaredController],
      providers: [RoutePolicyCheck],
    }).compile();
    const missing = handlersWithoutPolicy(moduleRef.get(DiscoveryService), moduleRef.get(MetadataScanner), moduleRef.get(Reflector));
    expect(missing).toEqual(['UndeclaredController.noPolicy']);
    expect(() => moduleRef.get(RoutePolicyCheck).onApplicationBootstrap()).toThrow(/UndeclaredController\.noPolicy/);
    await moduleRef.close();
  });
});
