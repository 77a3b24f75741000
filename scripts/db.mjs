#!/usr/bin/env node
// Database tasks on the compiled libs (build first: npm run build:server).
//
//   node scripts/db.mjs migrate                 create the database if missing, apply migrations
//   node scripts/db.mjs seed [--force]          demo data, only into an empty properties table
//                                               unless --force; then queues the image jobs
//                 [--demo-accounts]             also the demo sign-in accounts (published password):
//                                               the default outside production only. Without them
//                                               the first admin (ADMIN_EMAIL) gets a random
//                                               password, printed once (docs/decisions/028)
//   node scripts/db.mjs reset [--yes]           drop + create + migrate + seed (refused with
//                                               NODE_ENV=production unless --yes)
//   node scripts/db.mjs status                  migrations, row counts, media queue
//   node scripts/db.mjs media                   queue image jobs for images without variants
//
// Options: --listings N (default 160), --seed N (PRNG seed), --no-jobs (do not queue).
// Environment: DATABASE_URL, DATA_DIR, REDIS_URL, REDIS_PREFIX; SEED_DEMO_ACCOUNTS=1|0 (as
// --demo-accounts, or never), ADMIN_EMAIL (default owner@realty.local).
// Redis is optional here: when it is down the image jobs are skipped with a warning.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const USAGE =
  'usage: node scripts/db.mjs migrate|seed|reset|status|media [--force] [--listings N] [--seed N] [--no-jobs] [--yes] [--demo-accounts]';

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const opts = { command, force: false, jobs: true, yes: false, listings: undefined, seed: undefined, demoAccounts: undefined };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const number = (name) => {
      const v = Number(rest[++i]);
      if (!Number.isInteger(v) || v < 0) fail(`${name} needs a whole number\n${USAGE}`);
      return v;
    };
    if (a === '--force') opts.force = true;
    else if (a === '--no-jobs') opts.jobs = false;
    else if (a === '--yes') opts.yes = true;
    else if (a === '--demo-accounts') opts.demoAccounts = true;
    else if (a === '--listings') opts.listings = number('--listings');
    else if (a === '--seed') opts.seed = number('--seed');
    else fail(`unknown option ${a}\n${USAGE}`);
  }
  return opts;
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

/** The demo data (@realty/seed: seedDemoData, seedContentData, ensureFirstAdmin, DEMO_ACCOUNTS...), set by loadLibs. */
let demo;

function loadLibs() {
  try {
    demo = require('@realty/seed');
    return { db: require('@realty/db'), jobs: require('@realty/jobs') };
  } catch (e) {
    if (e.code === 'MODULE_NOT_FOUND')
      fail(`the compiled libs are missing (${e.message.split('\n')[0]}).\n  Build them first: npm run build:server`);
    throw e;
  }
}

/** The URL with its password hidden, for printing. */
function safeUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

async function redisReachable(url) {
  const { Redis } = require('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Queues one PropertyImageVariants job per image id; never fails because of Redis. */
async function enqueueImageJobs(jobs, imageIds) {
  if (!imageIds.length) return;
  const url = jobs.redisUrl();
  if (!(await redisReachable(url))) {
    console.warn(`! Redis at ${safeUrl(url)} is not reachable: ${imageIds.length} image jobs not queued.`);
    console.warn('  Pages show the original images meanwhile. Start Redis, then run: node scripts/db.mjs media');
    return;
  }
  const producer = new jobs.JobProducer(jobs.redisConnection(url), jobs.queuePrefix());
  try {
    const name = jobs.JobName.PropertyImageVariants;
    const queue = producer.queue(jobs.JOB_QUEUE[name]);
    const chunk = 1000;
    for (let i = 0; i < imageIds.length; i += chunk) {
      const ids = imageIds.slice(i, i + chunk);
      // After a reset the same seed brings back the same image ids: a finished job kept
      // under the same job id would swallow the new one, so it goes first.
      await Promise.all(ids.map((imageId) => queue.remove(jobs.jobId(name, { imageId })).catch(() => 0)));
      await producer.addBulk(
        name,
        ids.map((imageId) => ({ imageId })),
      );
    }
    console.log(
      `✔ queued ${imageIds.length} image jobs on "${queue.name}" (prefix "${jobs.queuePrefix()}"); the worker makes the variants`,
    );
  } catch (e) {
    // The data is in; pages use the original images until the variants exist.
    console.warn(`! image jobs not queued: ${e.message}`);
    console.warn('  Pages show the original images meanwhile. Retry with: node scripts/db.mjs media');
  } finally {
    await producer.close().catch(() => undefined);
  }
}

async function withDataSource(db, url, fn) {
  const ds = db.createDataSource(url);
  await ds.initialize();
  try {
    return await fn(ds);
  } finally {
    await ds.destroy();
  }
}

async function migrate(db, url) {
  const created = await db.ensureDatabase(url);
  if (created) console.log(`✔ created database ${db.databaseName(url)}`);
  const applied = await db.migrate(url);
  console.log(applied.length ? `✔ applied migrations: ${applied.join(', ')}` : '✔ schema is up to date');
}

function printSummary(summary) {
  const rows = [
    ['roles', summary.roles],
    ['districts', summary.districts],
    ['categories', summary.categories],
    ['subcategories', summary.subcategories],
    ['property types', summary.propertyTypes],
    ['building complexes', summary.buildingComplexes],
    ['users', `${summary.users} (agents: ${summary.agents})`],
    [
      'listings',
      `${summary.listings} (active ${summary.activeListings}, featured ${summary.featuredListings}, soft-deleted ${summary.deletedListings}, ` +
        `on moderation ${summary.moderationListings}, rejected ${summary.rejectedListings})`,
    ],
    ['listing images', summary.images],
    ['image pool', `${summary.poolImages} files (${summary.poolImagesWritten} drawn now)`],
    ['partners', summary.partners],
    ['news posts', summary.blogPosts],
    [
      'crm',
      `${summary.crm.leads} leads, ${summary.crm.clients} clients (${summary.crm.clientContacts} contacts), ${summary.crm.deals} deals, ` +
        `${summary.crm.tasks} tasks, ${summary.crm.viewings} viewings, ${summary.crm.calendarEvents} events, ` +
        `${summary.crm.activities} activities, ${summary.crm.messageTemplates} message templates, ${summary.crm.notifications} notifications`,
    ],
  ];
  for (const [k, v] of rows) console.log(`  ${k.padEnd(20)} ${v}`);
}

/**
 * Whether the demo accounts (published password) are seeded: --demo-accounts or
 * SEED_DEMO_ACCOUNTS=1 says yes, SEED_DEMO_ACCOUNTS=0 no; otherwise yes outside production only.
 */
function demoAccountsWanted(opts) {
  if (opts.demoAccounts) return true;
  const v = (process.env.SEED_DEMO_ACCOUNTS ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  return process.env.NODE_ENV !== 'production';
}

/** Without demo accounts: the first admin with a random password, printed here and nowhere else. */
async function firstAdmin(db, ds) {
  const admin = await demo.ensureFirstAdmin(ds, { email: process.env.ADMIN_EMAIL });
  if (!admin) return;
  console.log(`✔ first admin: ${admin.email} (super_admin)`);
  console.log(`  one-time password: ${admin.password}`);
  console.log('  It is shown only now and stored only as a hash: sign in and change it under Profile.');
}

async function seed(db, jobs, url, opts) {
  await migrate(db, url);
  const demoAccounts = demoAccountsWanted(opts);
  const result = await withDataSource(db, url, async (ds) => {
    const result = await seedData(db, ds, opts, demoAccounts);
    if (!demoAccounts) await firstAdmin(db, ds);
    return result;
  });
  if (result && opts.jobs) await enqueueImageJobs(jobs, result.imageIds);
}

async function seedData(db, ds, opts, demoAccounts) {
  const [{ count }] = await ds.query('SELECT count(*)::int AS count FROM properties');
  if (count > 0 && !opts.force) {
    console.log(`✔ ${count} listings already present: demo data not loaded (use --force to add it anyway)`);
    // Partners and news arrived later (issue 5): fill their tables when they are still empty.
    const content = await demo.seedContentData(ds, { seed: opts.seed ?? demo.DEFAULT_SEED, referenceDate: demo.DEFAULT_REFERENCE_DATE });
    if (content.partners || content.blogPosts) console.log(`✔ added ${content.partners} partners and ${content.blogPosts} news posts`);
    // The CRM's demo data arrived later (issue 22): loaded when the CRM is still empty.
    const crm = await demo.seedCrmData(ds, { seed: opts.seed ?? demo.DEFAULT_SEED });
    if (crm)
      console.log(
        `✔ added the CRM demo data: ${crm.leads} leads, ${crm.clients} clients, ${crm.deals} deals, ${crm.tasks} tasks, ${crm.viewings} viewings`,
      );
    // The landing pages arrived later (issue 23): two active ones when there are none.
    const landings = await demo.seedLandingsData(ds);
    if (landings) console.log(`✔ added ${landings} demo landing pages`);
    return null;
  }
  const result = await demo.seedDemoData(ds, { listings: opts.listings, seed: opts.seed, demoAccounts });
  // Fresh statistics, so the planner uses the trigram and partial indexes right away.
  await ds.query('ANALYZE');
  console.log(`✔ demo data loaded in ${(result.summary.durationMs / 1000).toFixed(1)} s (rows added):`);
  printSummary(result.summary);
  if (count > 0 && result.summary.listings === 0)
    console.log('  (these listings were already there: rows are never overwritten; --seed N loads another set)');
  if (demoAccounts) console.log(`  demo logins (password ${demo.DEMO_PASSWORD}): ${demo.DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
  else console.log('  no demo accounts (--demo-accounts or SEED_DEMO_ACCOUNTS=1 adds them)');
  return result;
}

async function reset(db, jobs, url, opts) {
  if (process.env.NODE_ENV === 'production' && !opts.yes) fail('refusing to drop the database with NODE_ENV=production (add --yes)');
  await db.dropDatabase(url);
  console.log(`✔ dropped database ${db.databaseName(url)}`);
  await seed(db, jobs, url, { ...opts, force: true });
}

async function status(db, jobs, url) {
  console.log(`database  ${safeUrl(url)}`);
  try {
    await statusOfDatabase(db, url);
  } catch (e) {
    if (e.code !== '3D000') throw e;
    console.log(`          does not exist yet: node scripts/db.mjs migrate`);
  }
  await statusOfRedis(jobs);
}

async function statusOfDatabase(db, url) {
  await withDataSource(db, url, async (ds) => {
    const hasTable = async (name) => (await ds.query('SELECT to_regclass($1) AS t', [name]))[0].t !== null;
    const known = db.MIGRATIONS.map((M) => new M().name);
    const applied = (await hasTable('migrations')) ? (await ds.query('SELECT name FROM migrations ORDER BY id')).map((r) => r.name) : [];
    const pending = known.filter((n) => !applied.includes(n));
    console.log(`migrations ${applied.length} applied, ${pending.length} pending${pending.length ? `: ${pending.join(', ')}` : ''}`);
    if (!(await hasTable('properties'))) return;
    const [c] = await ds.query(`SELECT
      (SELECT count(*) FROM roles)::int AS roles,
      (SELECT count(*) FROM users)::int AS users,
      (SELECT count(*) FROM building_complexes)::int AS complexes,
      (SELECT count(*) FROM properties)::int AS listings,
      (SELECT count(*) FROM properties WHERE status = 'active' AND deleted_at IS NULL)::int AS public,
      (SELECT count(*) FROM properties WHERE featured AND status = 'active' AND deleted_at IS NULL)::int AS featured,
      (SELECT count(*) FROM property_images)::int AS images,
      (SELECT count(*) FROM property_images WHERE variants IS NOT NULL)::int AS with_variants`);
    console.log(`rows      roles ${c.roles}, users ${c.users}, building complexes ${c.complexes}`);
    console.log(
      `          listings ${c.listings} (public ${c.public}, featured ${c.featured}), images ${c.images} (${c.with_variants} with variants)`,
    );
  });
}

async function statusOfRedis(jobs) {
  const redis = jobs.redisUrl();
  if (!(await redisReachable(redis))) {
    console.log(`redis     ${safeUrl(redis)} not reachable`);
    return;
  }
  const { Queue } = require('bullmq');
  const queue = new Queue(jobs.QueueName.Media, { connection: jobs.redisConnection(redis), prefix: jobs.queuePrefix() });
  try {
    const n = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
    console.log(`redis     ${safeUrl(redis)} prefix "${jobs.queuePrefix()}"`);
    console.log(`media     ${n.waiting} waiting, ${n.active} active, ${n.delayed} delayed, ${n.completed} completed, ${n.failed} failed`);
  } finally {
    await queue.close();
  }
}

async function media(db, jobs, url) {
  const ids = await withDataSource(db, url, async (ds) =>
    (await ds.query('SELECT id FROM property_images WHERE variants IS NULL ORDER BY id')).map((r) => r.id),
  );
  if (!ids.length) console.log('✔ every image has its variants');
  await enqueueImageJobs(jobs, ids);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const commands = { migrate, seed, reset, status, media };
  const run = commands[opts.command];
  if (!run) fail(USAGE);
  const { db, jobs } = loadLibs();
  const url = db.databaseUrl();
  if (opts.command === 'migrate') await migrate(db, url);
  else await run(db, jobs, url, opts);
}

main().then(
  () => process.exit(0),
  (e) => fail(e.stack || e.message),
);
