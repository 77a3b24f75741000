// The CRM cases of `npm run bench` (issue 22 "Tests and figures"): over 100,000 leads and
// 20,000 deals spread over agents, stages and statuses, measure
// - the filtered lead list GET /api/crm/leads (scope all and my, several filters): p99 <= 50 ms at 50 req/s;
// - the kanban GET /api/crm/deals/kanban (scope all and my): p99 <= 100 ms;
// - the import of a 100,000-row CSV end to end (upload -> preview -> run in the worker -> completed): <= 60 s;
// - the export of 100,000 rows (GET /api/crm/leads/export?format=csv&scope=all, to the last byte):
//   <= 15 s, with the API process's RSS sampled while it streams (must stay flat: max delta reported).
// BENCH_ONLY=crm runs these alone (bench/run.mjs onlyCrm). Method and figures: bench/README.md "CRM (issue 22)".
/* global FormData -- Node 20 has it; eslint's node globals of this config do not list it */
import { Blob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort, startService, waitForHttp } from '../../scripts/lib/proc.mjs';

const require = createRequire(import.meta.url);

/** The issue's bounds. */
export const CRM_TARGETS = { listP99Ms: 50, kanbanP99Ms: 100, importMaxS: 60, exportMaxS: 15 };
export const CRM_LIST_SCENARIO = 'api crm lead list @50 req/s';
export const CRM_KANBAN_SCENARIO = 'api crm kanban @20 req/s';
/** Bench agents made when the database has fewer CRM users than this. */
const AGENTS = 8;

/**
 * Makes sure the bench database has `leads` live leads and `deals` deals spread over the CRM's
 * agents (at least AGENTS, the demo employee among them), statuses, qualities, sources and
 * stages: INSERT ... SELECT generate_series, so it takes seconds. Leads without an owner get one
 * (round robin). ANALYZE at the end. Returns {agents, leads, deals, seeded}.
 */
export async function seedCrm(url, { leads, deals, log }) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const crmUsers = `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
                       WHERE r.name IN ('employee', 'manager', 'admin', 'super_admin') AND u.status = 'active'`;
    const have = (await c.query(crmUsers)).rows.length;
    if (have < AGENTS) {
      await c.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, language, status, role_id)
         SELECT 'bench-agent-' || g || '@bench.local', (SELECT password_hash FROM users ORDER BY created_at LIMIT 1), 'Агент', 'Бенч ' || g,
                'ru', 'active', (SELECT id FROM roles WHERE name = 'employee')
           FROM generate_series(1, $1) g ON CONFLICT DO NOTHING`,
        [AGENTS - have],
      );
    }
    const agents = (await c.query(`${crmUsers} ORDER BY u.email`)).rows.map((r) => r.id);
    let seeded = false;
    const nLeads = Number((await c.query(`SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL`)).rows[0].n);
    if (nLeads < leads) {
      log(`crm: inserting ${leads - nLeads} leads`);
      await c.query(
        `INSERT INTO leads (first_name, last_name, phone, email, source, topic, message, status, quality, budget, assigned_to, created_at)
         SELECT (ARRAY['Айгерим','Нурлан','Анна','Ержан','Дина','Сергей','Алия','Марат'])[1 + g % 8],
                (ARRAY['Ахметова','Сейткали','Ким','Иванов','Нурпеисова','Ли','Омаров'])[1 + g % 7],
                '+7 703 ' || lpad((g % 10000000)::text, 7, '0'), 'crm' || g || '@bench.example.kz',
                (ARRAY['website','referral','whatsapp','telegram','social','cold_call','other'])[1 + g % 7], 'Аренда офиса',
                'Заявка ' || g,
                (ARRAY['new','attempted_contact','contacted','qualified','converted','lost','postponed'])[1 + g % 7],
                (ARRAY['hot','warm','cold'])[1 + g % 3], CASE WHEN g % 4 = 0 THEN NULL ELSE (g % 100 + 1) * 100000 END,
                ($2::uuid[])[1 + g % array_length($2::uuid[], 1)], now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval
           FROM generate_series(1, $1) g`,
        [leads - nLeads, agents],
      );
      seeded = true;
    }
    const unowned = await c.query(
      `UPDATE leads l SET assigned_to = ($1::uuid[])[1 + (abs(hashtext(l.id::text)) % array_length($1::uuid[], 1))]
        WHERE assigned_to IS NULL`,
      [agents],
    );
    if (unowned.rowCount) {
      log(`crm: gave ${unowned.rowCount} leads an owner`);
      seeded = true;
    }
    const nDeals = Number((await c.query(`SELECT count(*) AS n FROM deals WHERE deleted_at IS NULL`)).rows[0].n);
    if (nDeals < deals) {
      log(`crm: inserting ${deals - nDeals} deals`);
      await c.query(
        `INSERT INTO deals (title, type, amount, stage, position, probability, owner_id, lost_reason, closed_at, created_at)
         SELECT 'Сделка ' || g, (ARRAY['sale','rent'])[1 + g % 2], (g % 500 + 1) * 250000,
                s.stage, g, 10 + g % 90, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)],
                CASE WHEN s.stage = 'lost' THEN 'Выбрал другой объект' END,
                CASE WHEN s.stage IN ('won', 'lost') THEN now() - ((g % 90) || ' days')::interval END,
                now() - ((g % 365) || ' days')::interval
           FROM generate_series(1, $1) g,
                LATERAL (SELECT (ARRAY['new_lead','qualification','viewing','negotiation','documentation','contract','won','lost'])[1 + g % 8] AS stage) s`,
        [deals - nDeals, agents],
      );
      seeded = true;
    }
    if (seeded) await c.query('ANALYZE leads; ANALYZE deals; ANALYZE users');
    const counts = (
      await c.query(
        `SELECT (SELECT count(*) FROM leads WHERE deleted_at IS NULL)::int AS leads, (SELECT count(*) FROM deals WHERE deleted_at IS NULL)::int AS deals`,
      )
    ).rows[0];
    return { agents: agents.length, ...counts, seeded };
  } finally {
    await c.end();
  }
}

/** The lead list URLs asked round-robin (scope all and my; the list's filters as the screen sends them). */
export function crmListPaths() {
  const paths = [];
  for (const scope of ['all', 'my']) {
    paths.push(`/api/crm/leads?scope=${scope}`);
    paths.push(`/api/crm/leads?scope=${scope}&status=new`);
    paths.push(`/api/crm/leads?scope=${scope}&status=contacted&quality=hot`);
    paths.push(`/api/crm/leads?scope=${scope}&source=website&sort=updated`);
    paths.push(`/api/crm/leads?scope=${scope}&createdFrom=2026-01-01&createdTo=2026-06-30`);
    paths.push(`/api/crm/leads?scope=${scope}&q=${encodeURIComponent('айгерим')}`);
  }
  return paths;
}

/** The kanban URLs: the whole board and the agent's own. */
export function crmKanbanPaths() {
  return ['/api/crm/deals/kanban?scope=all', '/api/crm/deals/kanban?scope=my'];
}

/** The two load scenarios for bench/lib/scenarios.mjs runScenarios, signed in as `headers`. */
export function crmPlan(api, headers, targetRepeat) {
  return [
    { name: CRM_LIST_SCENARIO, url: api, paths: crmListPaths(), headers, overallRate: 50, connections: 10, repeat: targetRepeat },
    { name: CRM_KANBAN_SCENARIO, url: api, paths: crmKanbanPaths(), headers, overallRate: 20, connections: 5, repeat: targetRepeat },
  ];
}

/**
 * A CSV of `n` leads as an agency would import it (Russian headers, `;`): every row valid and
 * new (its own phone +7 704 ... and e-mail), so the whole file becomes leads.
 */
export function importCsv(n, tag = Date.now().toString(36)) {
  const lines = ['Имя;Фамилия;Телефон;E-mail;Источник;Статус;Качество;Бюджет'];
  const sources = ['website', 'referral', 'telegram', 'social'];
  const statuses = ['new', 'contacted', 'qualified'];
  for (let i = 0; i < n; i++) {
    lines.push(
      `Импорт${i};Бенч;+7 704 ${String(i).padStart(7, '0')};imp${i}.${tag}@bench.example.kz;${sources[i % 4]};${statuses[i % 3]};warm;${(i % 50) + 1}00000`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /api/crm/leads/import/{id} until `status` (or failed / the deadline): the state. */
async function waitImport(api, token, id, status, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${api}/api/crm/leads/import/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET import ${id}: HTTP ${res.status} ${JSON.stringify(body.error ?? body)}`);
    if (body.data.status === status) return body.data;
    if (body.data.status === 'failed') throw new Error(`import ${id} failed: ${body.data.failure}`);
    if (Date.now() > deadline) throw new Error(`import ${id} still ${body.data.status} after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * The import case: uploads a `rows`-row CSV, waits for the preview, runs it with the suggested
 * mapping, waits for completed. Times: upload answer, preview, run (run request -> completed),
 * end to end. Deletes the imported leads afterwards so the bench database stays as it was.
 */
export async function runImport({ api, session, url, rows, log }) {
  const file = importCsv(rows);
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench-leads.csv');
  const up = await fetch(`${api}/api/crm/leads/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const upBody = await up.json();
  if (up.status !== 201) throw new Error(`upload: HTTP ${up.status} ${JSON.stringify(upBody.error ?? upBody)}`);
  const uploadMs = performance.now() - t0;
  const id = upBody.data.id;
  const previewed = await waitImport(api, session.token, id, 'previewed', 120_000);
  const previewMs = performance.now() - t0;
  const t1 = performance.now();
  const run = await session.write('POST', `/api/crm/leads/import/${id}/run`, {
    mapping: previewed.preview.suggestedMapping,
    mergeDuplicates: false,
  });
  if (run.status !== 200) throw new Error(`run: HTTP ${run.status} ${JSON.stringify(run.body)}`);
  const done = await waitImport(api, session.token, id, 'completed', 600_000);
  const end = performance.now();
  const out = {
    rows,
    bytes: file.length,
    upload_ms: Math.round(uploadMs),
    preview_ms: Math.round(previewMs),
    run_ms: Math.round(end - t1),
    total_ms: Math.round(end - t0),
    counts: { total: done.totalRows, created: done.createdCount, duplicates: done.duplicateCount, errors: done.errorCount },
  };
  log(
    `crm import: ${rows} rows end to end in ${(out.total_ms / 1000).toFixed(1)} s (run ${(out.run_ms / 1000).toFixed(1)} s), created ${done.createdCount}`,
  );
  const { Client } = require('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`DELETE FROM leads WHERE id IN (SELECT lead_id FROM activities WHERE type = 'import' AND data->>'importId' = $1)`, [id]);
  } finally {
    await c.end();
  }
  return out;
}

/** The resident set size of process `pid`, kB (Linux /proc), or null. */
export function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The export case: GET /api/crm/leads/export?format=<format>&scope=all read to the last byte,
 * timed; the API's RSS sampled every 100 ms meanwhile ({before, max, delta} in MB). Rows are
 * counted from the newlines of the CSV (an upper bound: a message may hold newlines).
 */
export async function runExport({ api, session, apiPid, format = 'csv' }) {
  const before = rssKb(apiPid);
  const samples = [];
  const timer = setInterval(() => {
    const kb = rssKb(apiPid);
    if (kb) samples.push(kb);
  }, 100);
  const t0 = performance.now();
  let bytes = 0;
  let newlines = 0;
  let firstByteMs = null;
  try {
    const res = await fetch(`${api}/api/crm/leads/export?format=${format}&scope=all`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    if (res.status !== 200) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
    for await (const chunk of res.body) {
      if (firstByteMs === null) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      if (format === 'csv') for (const b of chunk) if (b === 10) newlines += 1;
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  const max = Math.max(before ?? 0, ...samples);
  const mb = (kb) => Math.round((kb / 1024) * 10) / 10;
  return {
    format,
    ms: Math.round(ms),
    first_byte_ms: Math.round(firstByteMs ?? 0),
    bytes,
    rows: format === 'csv' ? Math.max(0, newlines - 1) : null,
    rss_mb:
      before === null
        ? null
        : {
            before: mb(before),
            max: mb(max),
            delta: mb(max - before),
            samples: samples.length,
            // The largest RSS in each quarter of the download: flat memory levels off, a leak keeps climbing.
            quarters: [0, 1, 2, 3].map((q) =>
              mb(Math.max(0, ...samples.slice(Math.floor((q * samples.length) / 4), Math.floor(((q + 1) * samples.length) / 4)))),
            ),
          },
  };
}

/** The issue 22 targets of the CRM cases ({target, value, ok}); a case that did not run (or failed) is a MISS. */
export function crmTargets({ scenarios = [], importCase = null, exportCase = null }) {
  const p99 = (name, bound, label) => {
    const r = scenarios.find((s) => s.name === name);
    if (!r || r.error) return { target: label, value: r?.error ?? 'did not run', ok: false };
    const runs = r.p99_runs_ms ? ` (median of ${r.p99_runs_ms.join(', ')})` : '';
    return {
      target: label,
      value: `p99 ${r.p99_ms} ms${runs}, p50 ${r.p50_ms} ms (${r.rps} req/s${r.non2xx ? `, ${r.non2xx} non-2xx` : ''})`,
      ok: r.p99_ms <= bound && !r.non2xx,
    };
  };
  const out = [
    p99(CRM_LIST_SCENARIO, CRM_TARGETS.listP99Ms, `crm lead list p99 <= ${CRM_TARGETS.listP99Ms} ms at 50 req/s (filtered, all and my)`),
    p99(CRM_KANBAN_SCENARIO, CRM_TARGETS.kanbanP99Ms, `crm kanban p99 <= ${CRM_TARGETS.kanbanP99Ms} ms`),
  ];
  const imp = `crm import of 100,000 rows <= ${CRM_TARGETS.importMaxS} s (end to end, API + worker)`;
  out.push(
    !importCase || importCase.error
      ? { target: imp, value: importCase?.error ?? 'did not run', ok: false }
      : {
          target: imp,
          value: `${(importCase.total_ms / 1000).toFixed(1)} s for ${importCase.rows} rows (run ${(importCase.run_ms / 1000).toFixed(1)} s, preview ${(importCase.preview_ms / 1000).toFixed(1)} s)`,
          ok: importCase.total_ms <= CRM_TARGETS.importMaxS * 1000 && importCase.counts?.created === importCase.rows,
        },
  );
  const exp = `crm export of 100,000 rows <= ${CRM_TARGETS.exportMaxS} s, memory flat`;
  out.push(
    !exportCase || exportCase.error
      ? { target: exp, value: exportCase?.error ?? 'did not run', ok: false }
      : {
          target: exp,
          value: `${(exportCase.ms / 1000).toFixed(1)} s, ${exportCase.rows ?? '?'} rows, ${(exportCase.bytes / 1048576).toFixed(1)} MB; API RSS ${exportCase.rss_mb ? `${exportCase.rss_mb.before} -> max ${exportCase.rss_mb.max} MB (delta ${exportCase.rss_mb.delta} MB; by quarter ${exportCase.rss_mb.quarters?.join(', ')})` : 'not sampled'}`,
          ok: exportCase.ms <= CRM_TARGETS.exportMaxS * 1000 && (exportCase.rows ?? 0) >= 100_000,
        },
  );
  return out;
}

/** Starts one API (production mode) on `url` for BENCH_ONLY=crm: {api, pid}. */
export async function startCrmApi({ url, redisUrl, redisPrefix, dataDir, children, quiet, log }) {
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000000',
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    OUTBOX_POLL_MS: '200',
    JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
    SESSION_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'y'.repeat(32)}`,
  };
  log(`starting api :${port} (production mode, BENCH_ONLY=crm)`);
  const child = startService('api', 'node', ['api/dist/main.js'], env, { quiet });
  children.push(child);
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60, child);
  return { api: `http://127.0.0.1:${port}`, pid: child.pid };
}
