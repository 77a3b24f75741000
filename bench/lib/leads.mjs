// 100,000 leads with one INSERT ... SELECT FROM generate_series. The leads table belongs to
// another issue and may change, so its columns are read at run time: every column gets a
// plausible value from its name (spec 02 "Lead": firstName, lastName, phone, email, source,
// topic, message, status, quality), its CHECK list or enum, its foreign key, or its type.
// Columns with a default (ids, timestamps...) keep it, except created_at, which is spread
// over a year so date-ordered lists look like real ones.

const SPEC_VALUES = {
  source: ['website', 'referral', 'whatsapp', 'telegram', 'social', 'cold_call', 'other', 'website_contact_form', 'office_quiz'],
  status: ['new', 'attempted_contact', 'contacted', 'qualified', 'converted', 'lost', 'postponed'],
  quality: ['hot', 'warm', 'cold'],
};

const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;
const pickFrom = (values) => `(ARRAY[${values.map(lit).join(',')}])[1 + (g % ${values.length})]`;

/** Values allowed by a CHECK (col IN (...)) / (col = ANY (ARRAY[...])) on `column`, if any. */
function checkValues(checks, column) {
  for (const def of checks) {
    if (!new RegExp(`\\b${column}\\b`).test(def)) continue;
    const values = [...def.matchAll(/'((?:[^']|'')*)'(?:::[a-z ]+)?/g)].map((m) => m[1].replace(/''/g, "'"));
    if (values.length) return values;
  }
  return null;
}

function byName(name, type) {
  const n = name.toLowerCase();
  const text = /char|text/.test(type);
  if (!text) return null;
  if (/first_?name/.test(n)) return pickFrom(['Айгерим', 'Нурлан', 'Анна', 'Ержан', 'Дина', 'Сергей', 'Алия', 'Марат']);
  if (/last_?name/.test(n)) return pickFrom(['Ахметова', 'Сейткали', 'Ким', 'Иванов', 'Нурпеисова', 'Ли', 'Омаров']);
  if (n === 'name' || /full_?name/.test(n)) return `'Клиент ' || g`;
  if (/email/.test(n)) return `'lead' || g || '@bench.example.kz'`;
  if (/phone/.test(n)) return `'+7 701 ' || lpad((g % 10000000)::text, 7, '0')`;
  if (/topic|subject/.test(n)) return pickFrom(['Аренда офиса', 'Покупка помещения', 'Просмотр', 'Консультация']);
  if (/message|comment|note|text|body/.test(n)) return `'Здравствуйте, интересует помещение, заявка ' || g`;
  return null;
}

function byType(type, udt) {
  if (/int|numeric|double|real/.test(type)) return `(g % 100)`;
  if (type === 'boolean') return `(g % 2 = 0)`;
  if (type === 'uuid') return `md5('lead' || g)::uuid`;
  if (/timestamp|date/.test(type)) return `now() - ((g % 365) || ' days')::interval`;
  if (/json/.test(type)) return `'{}'::${udt}`;
  if (/char|text/.test(type)) return `'bench ' || g`;
  return null;
}

export async function insertLeads(ds, n, log) {
  const columns = await ds.query(
    `SELECT column_name AS name, data_type AS type, udt_name AS udt, is_nullable = 'YES' AS nullable,
            column_default IS NOT NULL OR is_identity = 'YES' OR is_generated <> 'NEVER' AS has_default
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'leads' ORDER BY ordinal_position`,
  );
  const checks = (
    await ds.query(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'public.leads'::regclass AND contype = 'c'`)
  ).map((r) => r.def);
  const fks = await ds.query(
    `SELECT a.attname AS col, c.confrelid::regclass::text AS ref, fa.attname AS ref_col
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
      WHERE c.conrelid = 'public.leads'::regclass AND c.contype = 'f' AND array_length(c.conkey, 1) = 1`,
  );
  const ctes = [];
  const names = [];
  const exprs = [];
  for (const c of columns) {
    const fk = fks.find((f) => f.col === c.name);
    let expr = null;
    if (c.name === 'created_at' || c.name === 'updated_at')
      expr = `now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval`;
    else if (c.has_default) continue;
    else if (fk) {
      // A listing for a third of the leads (forms on property pages); other references only when required.
      if (c.nullable && fk.ref !== 'properties') continue;
      const cte = `ref_${ctes.length}`;
      ctes.push(`${cte} AS (SELECT array_agg(${fk.ref_col}) AS a FROM (SELECT ${fk.ref_col} FROM ${fk.ref} ORDER BY 1 LIMIT 1000) x)`);
      expr = c.nullable
        ? `CASE WHEN g % 3 = 0 THEN (SELECT a[1 + (g % array_length(a, 1))] FROM ${cte}) END`
        : `(SELECT a[1 + (g % array_length(a, 1))] FROM ${cte})`;
    } else if (c.type === 'USER-DEFINED') {
      expr = `(enum_range(NULL::${c.udt}))[1 + (g % array_length(enum_range(NULL::${c.udt}), 1))]`;
    } else {
      const allowed = checkValues(checks, c.name) ?? SPEC_VALUES[c.name];
      expr = allowed ? pickFrom(allowed) : byName(c.name, c.type);
      if (!expr && !c.nullable) expr = byType(c.type, c.udt);
      if (!expr) continue;
      if (expr && allowed && !/char|text/.test(c.type)) expr = `${expr}::${c.udt}`;
    }
    names.push(`"${c.name}"`);
    exprs.push(expr);
  }
  const sql = `${ctes.length ? `WITH ${ctes.join(', ')} ` : ''}INSERT INTO leads (${names.join(', ')}) SELECT ${exprs.join(', ')} FROM generate_series(1, ${Number(n)}) AS g`;
  const started = Date.now();
  await ds.query(sql);
  log(`  ${n} leads in ${((Date.now() - started) / 1000).toFixed(1)} s (columns: ${names.join(', ')})`);
}
