// Staff writes of issue 21 ("Tests and figures"): a listing save (PUT /api/properties/{id} by
// its owner, with the CSRF token, at a fixed rate) and a 5 MB JPEG upload through
// POST /api/upload/property-images until the worker's media queue has made its variants. Self-
// contained: bench/run.mjs calls runStaffWrites() after its scenarios, and bench/staff-writes.mjs
// runs these cases alone. Method and figures: bench/README.md "Staff writes (issue 21)".
/* global FormData -- Node 20 has it; eslint's node globals of this config do not list it */
import { Blob } from 'node:buffer';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService } from '../../scripts/lib/proc.mjs';

const require = createRequire(import.meta.url);

/** The bounds of the issue: a save's p99, and an upload until its variants exist (each of them). */
export const STAFF_WRITE_TARGETS = { saveP99Ms: 100, uploadMaxMs: 3000 };
/** Demo employee of the bench database (seedDemoData's DEMO_ACCOUNTS, DEMO_PASSWORD); an agent, so it owns listings. */
export const BENCH_STAFF = { email: 'employee@realty.local', password: 'Demo12345' };
/** Size of the uploaded JPEG (the issue's 5 MB), bytes. */
export const UPLOAD_BYTES = 5 * 1024 * 1024;

/** {n, p50_ms, p99_ms, max_ms} of response times (ms), nearest-rank; zeros when empty. */
export function summarize(times) {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] * 10) / 10 : 0);
  return { n: s.length, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
}

/**
 * [{target, value, ok}] for the two staff-write bounds of issue 21. A case that did not run (or
 * failed) is a MISS with its error, never left out.
 */
export function staffWriteTargets(sw) {
  const t = [];
  const save = sw?.listing_save;
  const saveTarget = `listing save (PUT /api/properties/{id}, owner, CSRF) p99 <= ${STAFF_WRITE_TARGETS.saveP99Ms} ms at ${save?.rate ?? '?'} req/s`;
  if (!save || save.error) t.push({ target: saveTarget, value: `not measured: ${save?.error ?? 'the case did not run'}`, ok: false });
  else
    t.push({
      target: saveTarget,
      value: `p99 ${save.p99_ms} ms, p50 ${save.p50_ms} ms, max ${save.max_ms} ms (${save.n} saves${save.listings ? ` of ${save.listings} listings` : ''}${save.non2xx ? `, ${save.non2xx} non-2xx` : ''})`,
      ok: save.n > 0 && save.p99_ms <= STAFF_WRITE_TARGETS.saveP99Ms && !save.non2xx,
    });
  const up = sw?.image_upload;
  const upTarget = `5 MB JPEG upload until its variants exist <= ${STAFF_WRITE_TARGETS.uploadMaxMs / 1000} s (each upload)`;
  if (!up || up.error) t.push({ target: upTarget, value: `not measured: ${up?.error ?? 'the case did not run'}`, ok: false });
  else
    t.push({
      target: upTarget,
      value: `median ${up.median_ms} ms, max ${up.max_ms} ms of ${up.runs_ms.length} (${up.runs_ms.join(', ')}; the 201 alone: median ${up.answer_median_ms} ms)`,
      ok: up.runs_ms.length > 0 && up.max_ms <= STAFF_WRITE_TARGETS.uploadMaxMs,
    });
  return t;
}

/** The middle of `values` (the lower one of an even count), 0 for none. */
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};

/** A signed-in staff session: bearer token plus the CSRF cookie and token every write sends. */
export async function signIn(api, { email, password } = BENCH_STAFF) {
  const csrfRes = await fetch(`${api}/api/csrf-token`);
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('_csrf='));
  const csrfToken = (await csrfRes.json()).data.csrfToken;
  if (!cookie) throw new Error('GET /api/csrf-token set no _csrf cookie');
  const res = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign-in of ${email}: HTTP ${res.status} ${JSON.stringify(body.error ?? body)}`);
  const token = body.data.tokens.accessToken;
  const userId = body.data.user.id;
  /** A JSON write with the CSRF header and cookie: {status, body, ms}. */
  const write = async (method, p, json) => {
    const t0 = performance.now();
    const r = await fetch(`${api}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        cookie,
        'x-csrf-token': csrfToken,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(json) : undefined,
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null, ms: performance.now() - t0 };
  };
  return { token, userId, write };
}

/** The body of a listing as an agent writes it, on the bench database's own category and type of one of the employee's listings. */
export async function listingBody(pgClient, ownerId) {
  const { rows } = await pgClient.query(
    `SELECT category_id, property_type_id FROM properties WHERE owner_id = $1 ORDER BY created_at LIMIT 1`,
    [ownerId],
  );
  if (!rows.length) throw new Error('the bench employee owns no listing: is the bench database seeded with the demo accounts?');
  return {
    title: { ru: 'Офис для замеров сохранения', en: 'Office for the save benchmark' },
    description: { ru: 'Светлый офис с панорамными окнами, отделкой и парковкой; запись для замеров.' },
    price: 450_000,
    area: 120.5,
    address: 'пр. Аль-Фараби, 17, блок 4Б',
    city: 'Алматы',
    rooms: 4,
    floor: 12,
    totalFloors: 25,
    yearBuilt: 2008,
    latitude: 43.2187,
    longitude: 76.9275,
    dealType: 'rent',
    categoryId: rows[0].category_id,
    propertyTypeId: rows[0].property_type_id,
    features: ['parking', 'security'],
  };
}

/** Listings the saves go round (each save locks its row: one listing would make every save wait for the one before). */
export const SAVE_LISTINGS = 10;

/**
 * `seconds` of saves at `rate` per second, evenly spaced (open loop: one request every
 * 1000 / rate ms whatever the answers), after `warmup` unmeasured ones, round the listings
 * `propertyIds` (as several agents editing their own listings; saves of one listing queue on its
 * row lock); each changes the price, so every save writes. Times from the request to the whole
 * answer read.
 */
export async function runListingSaves(session, propertyIds, body, { rate, seconds, warmup = 20 }) {
  let price = body.price;
  let n = 0;
  const save = () => session.write('PUT', `/api/properties/${propertyIds[n++ % propertyIds.length]}`, { ...body, price: (price += 1000) });
  for (let i = 0; i < warmup; i++) await save();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(save());
  }
  const results = await Promise.all(pending);
  const ok = results.filter((r) => r.status === 200);
  return {
    rate,
    seconds,
    listings: propertyIds.length,
    ...summarize(ok.map((r) => r.ms)),
    non2xx: results.length - ok.length,
    statuses: [...new Set(results.map((r) => r.status))],
  };
}

/**
 * A JPEG of at least `bytes` (camera-like: 12 MP of fine noise), made once with sharp and kept
 * in the temporary directory for later runs.
 */
export async function benchJpeg(bytes = UPLOAD_BYTES) {
  const file = path.join(os.tmpdir(), `realty-bench-upload-${bytes}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const sharp = require('sharp');
  let [w, h] = [4000, 3000];
  for (let i = 0; i < 4; i++) {
    const data = await sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: { r: 90, g: 110, b: 140 },
        noise: { type: 'gaussian', mean: 128, sigma: 16 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (data.length >= bytes && data.length <= bytes * 1.1) {
      writeFileSync(file, data);
      return data;
    }
    const scale = Math.sqrt((bytes * 1.04) / data.length);
    [w, h] = [Math.round(w * scale), Math.round(h * scale)];
  }
  throw new Error(`could not make a ${bytes}-byte JPEG`);
}

/**
 * `count` uploads, one after the other, of `jpeg` to the employee's listing: each timed from the
 * request until its property_images row has variants (the worker's PropertyImageVariants job,
 * polled every `pollMs`), and until the 201 alone. One unmeasured upload first (the worker's
 * first job loads sharp). Returns the figures and the stored names (to delete afterwards).
 */
export async function runImageUploads(api, session, pgClient, propertyId, jpeg, { count, pollMs = 20, timeoutMs = 60_000 }) {
  const names = [];
  const once = async () => {
    const form = new FormData();
    form.append('propertyId', propertyId);
    form.append('images', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${api}/api/upload/property-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    const body = await res.json();
    const answered = performance.now() - t0;
    if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(body.error ?? body)}`);
    const file = body.data.files[0];
    names.push(file.name);
    for (;;) {
      const { rows } = await pgClient.query('SELECT variants IS NOT NULL AS done FROM property_images WHERE id = $1', [file.imageId]);
      if (rows[0]?.done) break;
      if (performance.now() - t0 > timeoutMs)
        throw new Error(`no variants for image ${file.imageId} after ${timeoutMs} ms: is the worker running?`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
    return { total: performance.now() - t0, answered };
  };
  await once();
  const runs = [];
  for (let i = 0; i < count; i++) runs.push(await once());
  const round = (n) => Math.round(n);
  return {
    bytes: jpeg.length,
    runs_ms: runs.map((r) => round(r.total)),
    median_ms: round(median(runs.map((r) => r.total))),
    max_ms: round(Math.max(...runs.map((r) => r.total))),
    answer_runs_ms: runs.map((r) => round(r.answered)),
    answer_median_ms: round(median(runs.map((r) => r.answered))),
    poll_ms: pollMs,
    names,
  };
}

/** Starts the worker (node worker/dist/main.js) with the API's environment; pushed onto `children`. */
export function startWorker(env, { children, verbose }) {
  const worker = startService('worker', 'node', ['worker/dist/main.js'], env, { quiet: !verbose });
  children.push(worker);
  return worker;
}

/**
 * Both cases against the running API `api` (base URL) on the bench database `url`: signs in as
 * the demo employee, creates SAVE_LISTINGS listings of its own (POST /api/properties, the times
 * reported), saves them in turn `rate` times a second for `seconds`, uploads `uploads` 5 MB
 * JPEGs to the first until their variants exist (the worker must run against the same database,
 * Redis prefix and data directory), then deletes the uploads and the listings. A case that
 * fails is reported with its error.
 */
export async function runStaffWrites({ api, url, rate = 20, seconds = 15, uploads = 5, settle = async () => {}, log }) {
  const { Client } = require('pg');
  const pgClient = new Client({ connectionString: url });
  await pgClient.connect();
  const out = {};
  try {
    const session = await signIn(api);
    const body = await listingBody(pgClient, session.userId);
    const ids = [];
    const createMs = [];
    try {
      for (let i = 0; i < SAVE_LISTINGS; i++) {
        const created = await session.write('POST', '/api/properties', body);
        if (created.status !== 201) throw new Error(`POST /api/properties: HTTP ${created.status} ${JSON.stringify(created.body)}`);
        ids.push(created.body.data.id);
        createMs.push(Math.round(created.ms * 10) / 10);
      }
      out.listing_create_ms = createMs;
      await settle('listing save');
      log(`listing save: PUT /api/properties/{id} of ${ids.length} listings in turn, ${rate} req/s for ${seconds} s`);
      out.listing_save = await runListingSaves(session, ids, body, { rate, seconds }).catch((e) => ({ rate, error: e.message }));
      log(`listing save: ${JSON.stringify(out.listing_save)}`);
      await settle('image upload');
      log(`image upload: ${uploads} x 5 MB JPEG until the variants exist`);
      const jpeg = await benchJpeg();
      out.image_upload = await runImageUploads(api, session, pgClient, ids[0], jpeg, { count: uploads }).catch((e) => ({
        error: e.message,
      }));
      log(`image upload: ${JSON.stringify({ ...out.image_upload, names: undefined })}`);
      for (const name of out.image_upload.names ?? []) await session.write('DELETE', `/api/upload/${name}`);
      delete out.image_upload.names;
    } finally {
      for (const id of ids) await session.write('DELETE', `/api/properties/${id}`);
    }
  } catch (e) {
    log(`! staff writes failed: ${e.message}`);
    out.error = e.message;
  } finally {
    await pgClient.end();
  }
  return out;
}

/** Where bench/staff-writes.mjs writes its report. */
export function staffWritesOut(root) {
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, 'staff-writes.json');
}
