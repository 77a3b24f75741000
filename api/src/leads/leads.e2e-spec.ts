import { withClient, catalogProperties, insertProperty } from '../../test/fixtures';
import { Caller, freshEmail, insertUser, startAccountsApi, type AccountsApi } from '../../test/accounts';
import { OutboxRelay } from '../outbox/outbox.relay';

/**
 * Lead intake (issue 4; spec 01 §5 lead schema, §7 create-lead payloads by origin; spec 02 §3):
 * POST /api/leads and POST /api/inquiries store leads with status new and a computed quality,
 * write the sales notification to the outbox in the same transaction, drop honeypot submissions,
 * suppress duplicates within 10 minutes and limit public writes to 10 per IP per 10 minutes.
 */
describe('POST /api/leads and POST /api/inquiries', () => {
  let api: AccountsApi;
  let listingId: string;
  let listingSlug: string;
  let hiddenSlug: string;

  beforeAll(async () => {
    api = await startAccountsApi({
      env: { OUTBOX_POLL_MS: '600000', SALES_EMAIL: 'sales@test.kz', PUBLIC_WEB_URL: 'http://web.test', CRM_ROUND_ROBIN: 'off' },
      seed: async (url, refs) => {
        const [open, hidden] = [catalogProperties()[0], { ...catalogProperties()[1], status: 'inactive' as const }];
        listingSlug = open.slug;
        hiddenSlug = hidden.slug;
        await withClient(url, async (c) => {
          listingId = await insertProperty(c, refs, open);
          await insertProperty(c, refs, hidden);
        });
      },
    });
  });
  afterAll(() => api?.close());

  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withClient(api.databaseUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const leadById = async (id: string) => (await q(`SELECT * FROM leads WHERE id = $1`, [id]))[0];
  const outboxFor = (leadId: string) =>
    q<{ topic: string; payload: Record<string, unknown>; dispatched_at: Date | null }>(
      `SELECT topic, payload, dispatched_at FROM outbox WHERE payload->'data'->>'leadId' = $1`,
      [leadId],
    );

  it('stores the Home contact form payload (spec 01 §7) with status new, quality warm and its outbox notification', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/leads', {
        firstName: 'Айгерим',
        lastName: '',
        phone: '+7 (701) 123-45-67',
        email: '',
        source: 'website_contact_form',
        topic: 'Обращение с сайта',
        message: 'Клиент оставил номер телефона для связи',
      })
      .expect(201);
    expect(res.body.data).toEqual({ id: expect.any(String), status: 'new' });
    const lead = await leadById(res.body.data.id);
    expect(lead).toMatchObject({
      first_name: 'Айгерим',
      last_name: '',
      phone: '+7 (701) 123-45-67',
      email: '',
      source: 'website_contact_form',
      topic: 'Обращение с сайта',
      message: 'Клиент оставил номер телефона для связи',
      status: 'new',
      quality: 'warm',
      user_id: null,
      assigned_to: null,
      ip: caller.ip,
    });
    const outbox = await outboxFor(res.body.data.id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].topic).toBe('send-email');
    expect(outbox[0].payload).toMatchObject({
      to: 'sales@test.kz',
      template: 'lead-notification',
      locale: 'ru',
      data: { leadId: res.body.data.id, source: 'website_contact_form', name: 'Айгерим', quality: 'warm' },
    });
    // relayed to the queue right after the commit (Redis is up here)
    await api.app.get(OutboxRelay).idle();
    expect((await outboxFor(res.body.data.id))[0].dispatched_at).not.toBeNull();
  });

  it('stores the contact page payload: topic and message from the form, hot with phone, e-mail and a budget', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/leads', {
        firstName: 'Иван',
        lastName: 'Петров Сидоров',
        phone: '87011234567',
        email: 'Ivan@Example.kz',
        source: 'website_contact_page',
        topic: 'Аренда офиса на 10 этаже',
        message: 'Нужен офис на 120 м² с парковкой.',
        budget: 1500000,
        propertyType: 'office',
      })
      .expect(201);
    expect(await leadById(res.body.data.id)).toMatchObject({
      first_name: 'Иван',
      last_name: 'Петров Сидоров',
      email: 'ivan@example.kz',
      source: 'website_contact_page',
      topic: 'Аренда офиса на 10 этаже',
      budget: '1500000.00',
      property_type: 'office',
      quality: 'hot',
    });
  });

  it('stores the quiz payload with its answers as structured fields, empty phone and e-mail, quality cold', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/leads', {
        firstName: 'Клиент',
        lastName: '',
        phone: '',
        email: '',
        source: 'office_quiz',
        topic: 'Подбор офиса (квиз)',
        message: 'Расположение: бизнес-центр; этаж: высокий этаж; площадь: 350 м²; бюджет: 1-5 млн ₸',
        quizLocation: 'bc',
        quizFloor: 'high',
        quizArea: 350,
        quizBudget: '5m',
      })
      .expect(201);
    expect(await leadById(res.body.data.id)).toMatchObject({
      phone: '',
      email: '',
      source: 'office_quiz',
      quiz_location: 'bc',
      quiz_floor: 'high',
      quiz_area: 350,
      quiz_budget: '5m',
      quality: 'cold',
    });
  });

  it('answers 400 with the rules of spec 01 §5 per field, in the request language', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/leads', {
        source: '',
        topic: 'ab',
        message: 'short',
        phone: '12-34',
        email: 'nope',
        budget: -5,
        quizArea: 45,
        quizFloor: 'roof',
      })
      .expect(400);
    expect(res.body.error.fields).toEqual({
      source: 'Источник обязателен',
      topic: 'Тема должна содержать от 3 до 100 символов',
      message: 'Сообщение должно содержать от 10 до 1000 символов',
      phone: 'Номер телефона должен содержать минимум 10 цифр',
      email: 'Неверный формат email адреса',
      budget: 'Бюджет должен быть положительным числом',
      quizArea: 'Площадь должна быть от 40 до 5500 м² с шагом 10',
      quizFloor: 'Выберите значение из списка',
    });
    const en = await caller
      .call('post', '/api/leads?lang=en', { source: 'x'.repeat(51), topic: 'Тема', propertyType: 'x'.repeat(51) })
      .expect(400);
    expect(en.body.error.fields).toEqual({
      source: 'The source must be 1 to 50 characters long',
      propertyType: 'The property type must not exceed 50 characters',
    });
    const unknown = await caller.call('post', '/api/leads', { source: 'website', topic: 'Тема', extra: 1 }).expect(400);
    expect(unknown.body.error.fields).toEqual({ extra: 'Неизвестный параметр' });
  });

  it('drops a filled honeypot: 201 with an id, nothing stored, no notification', async () => {
    const caller = await Caller.create(api.server);
    const before = await q<{ n: number }>(`SELECT count(*)::int AS n FROM leads`);
    const res = await caller
      .call('post', '/api/leads', {
        phone: '+77015550000',
        source: 'website_contact_form',
        topic: 'Обращение с сайта',
        website: 'http://spam.example',
      })
      .expect(201);
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await leadById(res.body.data.id)).toBeUndefined();
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM leads`))[0].n).toBe(before[0].n);
    const propertyLead = await caller
      .call('post', '/api/inquiries', { propertyId: listingSlug, name: 'Бот Ботов', phone: '+77015550000', website: 'x' })
      .expect(201);
    expect((await q(`SELECT 1 FROM property_leads WHERE id = $1`, [propertyLead.body.data.id])).length).toBe(0);
  });

  it('suppresses a duplicate (same phone and text within 10 minutes): 200 with the first lead, one row, one notification', async () => {
    const body = {
      firstName: 'Дана',
      phone: '+7 701 999 00 11',
      source: 'website_contact_form',
      topic: 'Обращение с сайта',
      message: 'Перезвоните мне, пожалуйста',
    };
    const first = await (await Caller.create(api.server)).call('post', '/api/leads', body).expect(201);
    // another IP, the phone written differently: still the same person and text
    const again = await (await Caller.create(api.server)).call('post', '/api/leads', { ...body, phone: '+77019990011' }).expect(200);
    expect(again.body.data).toEqual({ id: first.body.data.id, status: 'new', duplicate: true });
    // simultaneous submissions make one lead too
    const burst = await Promise.all(
      [1, 2, 3].map(async () =>
        (await Caller.create(api.server)).call('post', '/api/leads', { ...body, message: 'Одновременно отправлено три раза' }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(burst.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await q(`SELECT id FROM leads WHERE regexp_replace(phone, '\\D', '', 'g') = '77019990011'`);
    expect(rows).toHaveLength(2);
    expect(await outboxFor(first.body.data.id)).toHaveLength(1);
    // another text from the same phone is a new lead; so is the same text once the window has passed
    await (await Caller.create(api.server)).call('post', '/api/leads', { ...body, message: 'Другой вопрос по аренде' }).expect(201);
    await q(`UPDATE leads SET created_at = now() - interval '11 minutes' WHERE id = $1`, [first.body.data.id]);
    await (await Caller.create(api.server)).call('post', '/api/leads', body).expect(201);
  });

  it('limits public writes to 10 per IP per 10 minutes across leads and enquiries (429 RATE_LIMIT with Retry-After)', async () => {
    const caller = await Caller.create(api.server);
    for (let i = 0; i < 5; i++) {
      await caller
        .call('post', '/api/leads', { phone: `+7701000000${i}`, source: 'website_contact_form', topic: 'Обращение с сайта' })
        .expect(201);
    }
    for (let i = 0; i < 5; i++) {
      await caller.call('post', '/api/inquiries', { propertyId: listingSlug, name: 'Ерлан', phone: `+7702000000${i}` }).expect(201);
    }
    const res = await caller
      .call('post', '/api/leads', { phone: '+77030000000', source: 'website_contact_form', topic: 'Обращение с сайта' })
      .expect(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT', message: 'Слишком много запросов. Попробуйте позже' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await caller.call('post', '/api/inquiries', { propertyId: listingSlug, name: 'Ерлан', phone: '+77030000000' }).expect(429);
    // another visitor is not affected
    await (
      await Caller.create(api.server)
    )
      .call('post', '/api/leads', { phone: '+77030000000', source: 'website_contact_form', topic: 'Обращение с сайта' })
      .expect(201);
  });

  it('POST /api/inquiries stores the enquiry and its lead in one transaction; an empty message names the listing', async () => {
    const caller = await Caller.create(api.server);
    const res = await caller
      .call('post', '/api/inquiries', {
        propertyId: listingSlug,
        name: 'Мария Ким',
        phone: '+7 727 300 40 50',
        email: 'maria@example.kz',
        message: '',
      })
      .expect(201);
    const { id, leadId } = res.body.data;
    const [propertyLead] = await q(`SELECT * FROM property_leads WHERE id = $1`, [id]);
    const title = (await q<{ t: string }>(`SELECT title->>'ru' AS t FROM properties WHERE id = $1`, [listingId]))[0].t;
    expect(propertyLead).toMatchObject({
      property_id: listingId,
      lead_id: leadId,
      name: 'Мария Ким',
      email: 'maria@example.kz',
      message: `Интересует объект: ${title}`,
    });
    expect(await leadById(leadId)).toMatchObject({
      first_name: 'Мария',
      last_name: 'Ким',
      source: 'property_inquiry',
      property_id: listingId,
      message: `Интересует объект: ${title}`,
      quality: 'hot',
      status: 'new',
    });
    const [note] = await outboxFor(leadId);
    expect(note.payload).toMatchObject({ data: { propertyTitle: title, propertyUrl: `http://web.test/property/${listingSlug}` } });
    // by uuid too, with the visitor's own message
    await caller
      .call('post', '/api/inquiries', {
        propertyId: listingId,
        name: 'Мария Ким',
        phone: '+77273004050',
        message: 'Можно посмотреть в субботу?',
      })
      .expect(201);
  });

  it('POST /api/inquiries: 404 for a listing that is not public, 400 for missing name and phone', async () => {
    const caller = await Caller.create(api.server);
    const before = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM leads`))[0].n;
    await caller.call('post', '/api/inquiries', { propertyId: hiddenSlug, name: 'Анна', phone: '+77011112233' }).expect(404);
    await caller.call('post', '/api/inquiries', { propertyId: 'no-such-listing', name: 'Анна', phone: '+77011112233' }).expect(404);
    const res = await caller.call('post', '/api/inquiries', { propertyId: listingSlug, name: '', phone: '' }).expect(400);
    expect(res.body.error.fields).toEqual({ name: 'Имя обязательно для заполнения', phone: 'Телефон обязателен для заполнения' });
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM leads`))[0].n).toBe(before);
  });

  it('links a signed-in visitor’s enquiries and leads to them; GET /api/user/inquiries lists them, newest first', async () => {
    const email = freshEmail('requests');
    const userId = await insertUser(api, { email, role: 'user' });
    const caller = await Caller.create(api.server);
    await caller.login(email);
    const propertyLead = await caller
      .call('post', '/api/inquiries', {
        propertyId: listingSlug,
        name: 'Тест Тестов',
        phone: '+77015554433',
        message: 'Интересует аренда на год',
      })
      .expect(201);
    const lead = await caller
      .call('post', '/api/leads', {
        firstName: 'Тест',
        phone: '+77015554433',
        source: 'website_contact_page',
        topic: 'Вопрос о парковке',
        message: 'Есть ли гостевая парковка?',
      })
      .expect(201);
    expect((await leadById(lead.body.data.id)).user_id).toBe(userId);
    const list = await caller.call('get', '/api/user/inquiries').expect(200);
    expect(list.body.data.map((r: { id: string; kind: string }) => [r.kind, r.id])).toEqual([
      ['lead', lead.body.data.id],
      ['inquiry', propertyLead.body.data.id],
    ]);
    expect(list.body.data[1]).toMatchObject({ propertySlug: listingSlug, message: 'Интересует аренда на год', status: 'new' });
    // another user sees none of them
    const other = freshEmail('requests-other');
    await insertUser(api, { email: other, role: 'user' });
    const stranger = await Caller.create(api.server);
    await stranger.login(other);
    expect((await stranger.call('get', '/api/user/inquiries').expect(200)).body.data).toEqual([]);
  });

  it('needs the CSRF token like every write', async () => {
    const caller = await Caller.create(api.server);
    const { default: request } = await import('supertest');
    const res = await request(api.server)
      .post('/api/leads')
      .set('X-Forwarded-For', caller.ip)
      .send({ source: 'website', topic: 'Тема' })
      .expect(403);
    expect(res.body.error.code).toBe('CSRF_TOKEN_MISSING');
    await api.app.get(OutboxRelay).idle();
  });
});
