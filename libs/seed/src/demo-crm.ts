import {
  CALENDAR_EVENT_TYPES,
  CALL_OUTCOMES,
  DEAL_STAGE_PROBABILITY,
  DEAL_STAGES,
  LEAD_SOURCES,
  type DealStage,
  type LocalizedText,
  type RoleName,
} from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { MOBILE_CODES } from './reference-data';
import { hashSeed, Random } from './random';

/**
 * The CRM's demo data (issue 22 "Demo data: hundreds of leads, clients and deals spread over the
 * stages and agents, dated around the present"): leads over every source, status, quality and
 * agent (a dozen 'new' ones minutes old, so the waiting list shows), individual and corporate
 * clients (BINs, VIPs, contact persons), deals over every stage with amounts in ₸ and board
 * positions, tasks (some overdue, some due today), viewings (never double-booked: each takes its
 * own one-hour slot), calendar events, the timeline (creation, status and stage changes, calls,
 * notes, messages), four message templates in four languages and a few notifications.
 *
 * Pure generation (`generateCrm`) then set-based inserts (`insertDemoCrm`, one INSERT ... SELECT
 * FROM jsonb_to_recordset per table, ON CONFLICT DO NOTHING: a second run adds nothing).
 * Deterministic per seed RELATIVE to `now`: the listings keep a fixed reference date, but a CRM
 * is about today (waiting minutes, today's tasks), so its times are offsets from the moment the
 * seed runs (a test passes a fixed `now`).
 */

export const CRM_COUNTS = { leads: 400, clients: 150, deals: 250, tasks: 300, viewings: 120, calendarEvents: 80 } as const;
/** 'new' leads created minutes before `now` (the overview's waiting list). */
export const FRESH_NEW_LEADS = 12;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Almaty is UTC+5 all year. */
const ALMATY_OFFSET = 5 * HOUR;

export interface CrmAgent {
  id: string;
  role: RoleName;
}

export interface CrmSeedInput {
  seed: number;
  now: Date;
  /** Agents in order: the demo employee first and the demo manager second when the demo accounts are seeded. */
  agents: CrmAgent[];
  /** Public listings the leads, deals and viewings refer to. */
  propertyIds: string[];
}

type Row = Record<string, unknown>;

export interface CrmRows {
  clients: Row[];
  contacts: Row[];
  leads: Row[];
  deals: Row[];
  tasks: Row[];
  viewings: Row[];
  events: Row[];
  activities: Row[];
  templates: Row[];
  notifications: Row[];
  /** users.manager_id of each employee agent (set only where still empty). */
  managers: Array<{ id: string; manager_id: string }>;
}

export interface CrmSeedSummary {
  clients: number;
  clientContacts: number;
  leads: number;
  deals: number;
  tasks: number;
  viewings: number;
  calendarEvents: number;
  activities: number;
  messageTemplates: number;
  notifications: number;
}

const PEOPLE: ReadonlyArray<readonly [string, string, string]> = [
  ['Айгерим', 'Сейтова', 'aigerim'],
  ['Ержан', 'Касымов', 'erzhan'],
  ['Дана', 'Абенова', 'dana'],
  ['Тимур', 'Искаков', 'timur'],
  ['Алия', 'Нурланова', 'aliya'],
  ['Сергей', 'Петров', 'sergey'],
  ['Марина', 'Ким', 'marina'],
  ['Бауыржан', 'Ахметов', 'baurzhan'],
  ['Гульнара', 'Жаксылыкова', 'gulnara'],
  ['Максим', 'Иванов', 'maxim'],
  ['Асем', 'Тулегенова', 'asem'],
  ['Руслан', 'Омаров', 'ruslan'],
  ['Елена', 'Смирнова', 'elena'],
  ['Нурсултан', 'Беков', 'nursultan'],
  ['Камила', 'Садыкова', 'kamila'],
  ['Арман', 'Мусин', 'arman'],
  ['Динара', 'Есенова', 'dinara'],
  ['Олжас', 'Кенжебаев', 'olzhas'],
  ['Виктория', 'Ли', 'viktoria'],
  ['Данияр', 'Сулейменов', 'daniyar'],
  ['Жанар', 'Абдуллаева', 'zhanar'],
  ['Игорь', 'Васильев', 'igor'],
  ['Мадина', 'Рахимова', 'madina'],
  ['Азамат', 'Токтаров', 'azamat'],
];
const COMPANY_WORDS = [
  'Алатау',
  'Жетысу',
  'Медеу',
  'Тянь-Шань',
  'Есиль',
  'Достык',
  'Арман',
  'Береке',
  'Самал',
  'Кокжайлау',
  'Каспий',
  'Шелковый путь',
];
const COMPANY_KINDS = [
  'Трейд',
  'Логистик',
  'Консалтинг',
  'Девелопмент',
  'Фарм',
  'Агро',
  'Диджитал',
  'Строй',
  'Финанс',
  'Ритейл',
  'Медиа',
  'Групп',
];
const POSITIONS = ['Директор', 'Финансовый директор', 'Офис-менеджер', 'Руководитель АХО', 'Юрист', 'Главный бухгалтер'];
const TOPICS = [
  'Аренда офиса',
  'Покупка офиса',
  'Аренда торгового помещения',
  'Аренда склада',
  'Место в коворкинге',
  'Покупка коммерческого помещения',
  'Запрос по объекту',
  'Подбор офиса под команду',
];
const LEAD_MESSAGES = [
  'Ищем офис на 10-15 рабочих мест, желательно с парковкой.',
  'Интересует помещение на первой линии под кофейню.',
  'Нужен тёплый склад 300-500 м² с рампой.',
  'Рассматриваем покупку офиса под собственное представительство.',
  'Перезвоните, пожалуйста, после 15:00.',
  null,
];
const NOTES = [
  'Клиент просит прислать планировки и фото с дневным светом.',
  'Бюджет согласован с руководством, ждут договор на проверку юристу.',
  'Хотят въезд с 1 числа следующего месяца.',
  'Важно: парковка минимум на 5 машин.',
  'Сравнивают с предложением в соседнем БЦ, торгуются по ставке.',
];
const LOST_REASONS = ['Выбрали другой объект', 'Не устроила ставка', 'Проект отложен', 'Не выходят на связь', 'Ушли к другому агентству'];
const TASK_TITLES: Record<string, string[]> = {
  call: ['Перезвонить клиенту', 'Уточнить бюджет', 'Подтвердить встречу'],
  meeting: ['Встреча в офисе', 'Переговоры по ставке'],
  viewing: ['Подготовить показ', 'Согласовать время показа'],
  send_docs: ['Отправить договор', 'Отправить коммерческое предложение'],
  follow_up: ['Напомнить о предложении', 'Узнать решение клиента'],
  presentation: ['Подготовить презентацию объектов'],
  other: ['Обновить карточку клиента'],
};
const EVENT_TITLES: Record<string, string[]> = {
  meeting: ['Планёрка отдела продаж', 'Встреча с собственником', 'Встреча с клиентом'],
  call: ['Созвон с управляющей компанией', 'Звонок клиенту'],
  reminder: ['Продлить рекламу объектов', 'Сдать отчёт за неделю'],
  other: ['Обучение по CRM', 'Фотосъёмка объекта'],
};
const VIEWING_OUTCOMES = [
  'Понравилось, просят КП',
  'Мало света, ищут дальше',
  'Готовы к переговорам по ставке',
  'Нужен второй показ с руководителем',
];

/** The four demo message templates (e-mail and Telegram, ru/en/kk/zh). */
export const DEMO_MESSAGE_TEMPLATES: ReadonlyArray<{
  name: string;
  channel: 'email' | 'telegram';
  subject: Partial<LocalizedText>;
  body: LocalizedText;
}> = [
  {
    name: 'Подборка объектов (e-mail)',
    channel: 'email',
    subject: {
      ru: 'Подборка помещений для вас — Алматы Бизнес Центр',
      en: 'Premises selected for you — Almaty Business Center',
      kk: 'Сізге арналған үй-жайлар іріктемесі — Алматы Бизнес Орталығы',
      zh: '为您精选的物业 — 阿拉木图商务中心',
    },
    body: {
      ru: 'Здравствуйте, {{lead.firstName}}!\n\nСпасибо за обращение. Подобрал для вас вариант: {{property.title}} — {{property.url}}\n\nГотов провести показ в удобное время.\n\n{{agent.name}}\n{{agent.phone}}, {{agent.email}}',
      en: 'Hello, {{lead.firstName}}!\n\nThank you for your request. Here is an option for you: {{property.title}} — {{property.url}}\n\nI am happy to show it at a time that suits you.\n\n{{agent.name}}\n{{agent.phone}}, {{agent.email}}',
      kk: 'Сәлеметсіз бе, {{lead.firstName}}!\n\nӨтінішіңіз үшін рахмет. Сізге нұсқа таңдадым: {{property.title}} — {{property.url}}\n\nЫңғайлы уақытта көрсетуге дайынмын.\n\n{{agent.name}}\n{{agent.phone}}, {{agent.email}}',
      zh: '{{lead.firstName}}，您好！\n\n感谢您的咨询。为您挑选了一个选项：{{property.title}} — {{property.url}}\n\n可在您方便的时间带您看房。\n\n{{agent.name}}\n{{agent.phone}}，{{agent.email}}',
    },
  },
  {
    name: 'Приглашение на показ (e-mail)',
    channel: 'email',
    subject: {
      ru: 'Приглашение на показ: {{property.title}}',
      en: 'Invitation to a viewing: {{property.title}}',
      kk: 'Көрсетілімге шақыру: {{property.title}}',
      zh: '看房邀请：{{property.title}}',
    },
    body: {
      ru: '{{lead.firstName}} {{lead.lastName}}, приглашаю вас на показ помещения «{{property.title}}». Ответьте на это письмо или позвоните мне: {{agent.phone}}.\n\n{{agent.name}}',
      en: '{{lead.firstName}} {{lead.lastName}}, you are invited to a viewing of “{{property.title}}”. Reply to this e-mail or call me: {{agent.phone}}.\n\n{{agent.name}}',
      kk: '{{lead.firstName}} {{lead.lastName}}, сізді «{{property.title}}» үй-жайын көруге шақырамын. Осы хатқа жауап беріңіз немесе қоңырау шалыңыз: {{agent.phone}}.\n\n{{agent.name}}',
      zh: '{{lead.firstName}} {{lead.lastName}}，诚邀您参观“{{property.title}}”。请回复此邮件或致电：{{agent.phone}}。\n\n{{agent.name}}',
    },
  },
  {
    name: 'Первое сообщение (Telegram)',
    channel: 'telegram',
    subject: {},
    body: {
      ru: '{{lead.firstName}}, здравствуйте! Это {{agent.name}} из Алматы Бизнес Центр. Получил вашу заявку, когда удобно созвониться?',
      en: 'Hello, {{lead.firstName}}! This is {{agent.name}} from Almaty Business Center. I got your request, when is a good time to call?',
      kk: '{{lead.firstName}}, сәлеметсіз бе! Бұл Алматы Бизнес Орталығынан {{agent.name}}. Өтінішіңізді алдым, қашан қоңырау шалуға ыңғайлы?',
      zh: '{{lead.firstName}}，您好！我是阿拉木图商务中心的 {{agent.name}}。已收到您的申请，什么时候方便通话？',
    },
  },
  {
    name: 'Напоминание о показе (Telegram)',
    channel: 'telegram',
    subject: {},
    body: {
      ru: 'Напоминаю о показе «{{property.title}}». Если планы изменились, напишите мне или позвоните: {{agent.phone}}.',
      en: 'A reminder about the viewing of “{{property.title}}”. If your plans change, message or call me: {{agent.phone}}.',
      kk: '«{{property.title}}» көрсетілімі туралы еске саламын. Жоспарыңыз өзгерсе, жазыңыз немесе қоңырау шалыңыз: {{agent.phone}}.',
      zh: '提醒您“{{property.title}}”的看房安排。如计划有变，请发消息或致电：{{agent.phone}}。',
    },
  },
];

const iso = (ms: number) => new Date(ms).toISOString();

/** 00:00 of the Almaty day of `ms`, as an instant. */
function almatyDayStart(ms: number): number {
  return Math.floor((ms + ALMATY_OFFSET) / DAY) * DAY - ALMATY_OFFSET;
}

/** Generates every CRM row (pure, deterministic per seed and `now`). */
export function generateCrm(input: CrmSeedInput): CrmRows {
  const r = new Random(hashSeed(input.seed, 'crm'));
  const now = Math.floor(input.now.getTime() / MINUTE) * MINUTE;
  const today = almatyDayStart(now);
  const agents = input.agents;
  if (!agents.length) throw new Error('the CRM demo data needs at least one agent');
  const props = input.propertyIds;
  const agentIndex = () => (r.chance(0.22) ? 0 : r.int(0, agents.length - 1));
  const phone = () => `+7 ${r.pick(MOBILE_CODES)} ${r.int(200, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`;
  const person = () => r.pick(PEOPLE);
  const ago = (maxDays: number) => now - Math.floor(maxDays * DAY * Math.pow(r.float(), 1.4));
  // always one draw, so the sequence never depends on `now`
  const between = (from: number, to: number) => {
    const x = r.float();
    return to <= from ? from : from + Math.floor(x * (to - from + 1));
  };
  // ids from their own stream per table: the same rows get the same ids on every run
  const idStreams = new Map<string, Random>();
  const idOf = (table: string) => {
    let s = idStreams.get(table);
    if (!s) idStreams.set(table, (s = new Random(hashSeed(input.seed, 'crm-id', table))));
    return s.uuid();
  };

  // --- Managers of the employees
  const managerIds = agents.filter((a) => a.role === 'manager').map((a) => a.id);
  const managers = managerIds.length
    ? agents.filter((a) => a.role === 'employee').map((a, i) => ({ id: a.id, manager_id: managerIds[i % managerIds.length] }))
    : [];

  // --- Clients
  const clients: Row[] = [];
  const contacts: Row[] = [];
  for (let i = 0; i < CRM_COUNTS.clients; i++) {
    const corporate = r.chance(0.35);
    const [first, last, lat] = person();
    const created = ago(60);
    const owner = agents[agentIndex()].id;
    const company = corporate ? `ТОО «${r.pick(COMPANY_WORDS)} ${r.pick(COMPANY_KINDS)}»` : '';
    const id = idOf('clients');
    clients.push({
      id,
      type: corporate ? 'corporate' : 'individual',
      first_name: first,
      last_name: last,
      company_name: company,
      bin:
        corporate && r.chance(0.9)
          ? `${String(r.int(0, 99)).padStart(2, '0')}${String(r.int(1, 12)).padStart(2, '0')}4${String(r.int(0, 9_999_999)).padStart(7, '0')}`
          : null,
      phone: phone(),
      email: r.chance(0.85) ? `${lat}.${r.base36(3)}@${corporate ? 'company.kz' : 'mail.kz'}` : '',
      telegram: r.chance(0.3) ? `@${lat}_${r.base36(4)}` : '',
      is_vip: r.chance(0.12),
      notes: r.chance(0.3) ? r.pick(NOTES) : null,
      owner_id: owner,
      created_by: owner,
      created_at: iso(created),
      updated_at: iso(between(created, now)),
    });
    if (corporate) {
      for (let c = 0, n = r.int(1, 3); c < n; c++) {
        const [cf, cl, clat] = person();
        contacts.push({
          id: idOf('contacts'),
          client_id: id,
          name: `${cf} ${cl}`,
          position: r.pick(POSITIONS),
          phone: phone(),
          email: `${clat}.${r.base36(3)}@company.kz`,
          sort_order: c,
          created_at: iso(created),
        });
      }
    }
  }

  // --- Leads
  const leads: Row[] = [];
  const statusWeights = [
    ['new', 14],
    ['attempted_contact', 10],
    ['contacted', 18],
    ['qualified', 16],
    ['converted', 20],
    ['lost', 13],
    ['postponed', 9],
  ] as const;
  // 'landing' (issue 23) is set by a landing page's form with the landing's id: not a demo source here.
  const sourceWeights = LEAD_SOURCES.filter((s) => s !== 'landing').map(
    (s) => [s, s === 'website' || s === 'website_contact_form' || s === 'property_inquiry' ? 14 : 6] as const,
  );
  for (let i = 0; i < CRM_COUNTS.leads; i++) {
    const fresh = i < FRESH_NEW_LEADS;
    const status = fresh ? 'new' : r.weighted(statusWeights);
    const [first, last, lat] = person();
    const created = fresh ? now - r.int(2, 170) * MINUTE : ago(60);
    // fresh ones: the demo employee and the demo manager get some of them
    const owner = fresh ? agents[i % Math.min(agents.length, 3)].id : status === 'new' && r.chance(0.08) ? null : agents[agentIndex()].id;
    const source = r.weighted(sourceWeights);
    const contacted = status === 'new' ? null : Math.min(now, created + r.int(3, 300) * MINUTE);
    leads.push({
      id: idOf('leads'),
      first_name: first,
      last_name: r.chance(0.85) ? last : '',
      phone: phone(),
      email: r.chance(0.8) ? `${lat}.${r.base36(4)}@mail.kz` : '',
      telegram: r.chance(0.35) ? `@${lat}_${r.base36(4)}` : '',
      source,
      topic: r.pick(TOPICS),
      message: r.pick(LEAD_MESSAGES),
      status,
      quality: r.weighted([
        ['hot', 25],
        ['warm', 45],
        ['cold', 30],
      ] as const),
      budget: r.chance(0.4) ? r.int(3, 400) * 100_000 : null,
      property_id: props.length && r.chance(0.55) ? r.pick(props) : null,
      assigned_to: owner,
      created_by: source === 'cold_call' || source === 'referral' ? owner : null,
      first_contacted_at: contacted === null ? null : iso(contacted),
      client_id: null as string | null,
      created_at: iso(created),
      updated_at: iso(contacted ?? created),
    });
  }

  // Converted leads became clients (the first clients) and deals (the first deals).
  const converted = leads.filter((l) => l.status === 'converted');
  converted.forEach((l, i) => {
    const c = clients[i % clients.length];
    l.client_id = c.id as string;
  });

  // --- Deals
  const deals: Row[] = [];
  const positions = new Map<DealStage, number>();
  const stageWeights = DEAL_STAGES.map(
    (s) => [s, s === 'won' ? 16 : s === 'lost' ? 10 : s === 'contract' ? 8 : s === 'documentation' ? 10 : 14] as const,
  );
  for (let i = 0; i < CRM_COUNTS.deals; i++) {
    const lead = converted[i];
    const client = lead ? clients.find((c) => c.id === lead.client_id)! : r.pick(clients);
    const stage = r.weighted(stageWeights);
    const type = r.chance(0.7) ? 'rent' : 'sale';
    const amount = type === 'rent' ? r.logInt(250, 8_000) * 1000 : r.logInt(25_000, 1_200_000) * 1000;
    const created = lead ? Date.parse(lead.first_contacted_at as string) + r.int(1, 72) * HOUR : ago(60);
    const createdAt = Math.min(created, now - HOUR);
    const closed = stage === 'won' || stage === 'lost' ? between(createdAt, Math.min(now, createdAt + 40 * DAY)) : null;
    const position = (positions.get(stage) ?? 0) + 1000;
    positions.set(stage, position);
    const ownerId = (lead?.assigned_to as string | null) ?? (client.owner_id as string);
    deals.push({
      id: idOf('deals'),
      title: `${r.pick(TOPICS)}: ${client.type === 'corporate' ? client.company_name : `${client.first_name} ${client.last_name}`}`.slice(
        0,
        200,
      ),
      type,
      amount,
      stage,
      position,
      probability: DEAL_STAGE_PROBABILITY[stage],
      expected_close: closed === null ? new Date(now + r.int(5, 90) * DAY).toISOString().slice(0, 10) : null,
      client_id: client.id,
      lead_id: lead?.id ?? null,
      // a won deal on a listing would take it off the public site: the demo's won deals name none
      property_id: stage !== 'won' && props.length && r.chance(0.7) ? r.pick(props) : null,
      owner_id: ownerId,
      closed_at: closed === null ? null : iso(closed),
      lost_reason: stage === 'lost' ? r.pick(LOST_REASONS) : null,
      created_at: iso(createdAt),
      updated_at: iso(closed ?? between(createdAt, now)),
    });
  }

  // --- Tasks
  const tasks: Row[] = [];
  const leadsOf = new Map<string, Row[]>();
  for (const l of leads) if (l.assigned_to) leadsOf.set(l.assigned_to as string, [...(leadsOf.get(l.assigned_to as string) ?? []), l]);
  for (let i = 0; i < CRM_COUNTS.tasks; i++) {
    // the first ones: the demo employee's and the demo manager's day (overdue and due today)
    const forced = i < 10;
    const agent = forced ? agents[i % Math.min(agents.length, 2)] : agents[agentIndex()];
    const kind = forced
      ? i < 4
        ? 'overdue'
        : 'today'
      : r.weighted([
          ['overdue', 12],
          ['today', 12],
          ['future', 42],
          ['done', 34],
        ] as const);
    const due =
      kind === 'overdue'
        ? now - r.int(2, 7 * 24) * HOUR
        : kind === 'today'
          ? today + r.int(9, 19) * HOUR + r.pick([0, 30]) * MINUTE
          : kind === 'future'
            ? today + r.int(1, 14) * DAY + r.int(9, 18) * HOUR
            : now - r.int(1, 40) * DAY;
    const type = r.weighted([
      ['call', 30],
      ['meeting', 12],
      ['viewing', 12],
      ['send_docs', 14],
      ['follow_up', 18],
      ['presentation', 6],
      ['other', 8],
    ] as const);
    const status =
      kind === 'done'
        ? r.chance(0.9)
          ? 'completed'
          : 'cancelled'
        : kind === 'overdue'
          ? r.chance(0.5)
            ? 'overdue'
            : 'pending'
          : r.chance(0.25)
            ? 'in_progress'
            : 'pending';
    const own = leadsOf.get(agent.id) ?? [];
    const lead = own.length && r.chance(0.7) ? r.pick(own) : null;
    const created = Math.min(due, now) - r.int(1, 5) * DAY;
    tasks.push({
      id: idOf('tasks'),
      title: r.pick(TASK_TITLES[type]),
      description: r.chance(0.3) ? r.pick(NOTES) : null,
      type,
      priority: r.weighted([
        ['low', 15],
        ['medium', 45],
        ['high', 28],
        ['urgent', 12],
      ] as const),
      status,
      due_date: iso(due),
      assigned_to: agent.id,
      created_by: agent.id,
      lead_id: lead?.id ?? null,
      client_id: lead ? null : r.chance(0.4) ? r.pick(clients).id : null,
      deal_id: null,
      completed_at: status === 'completed' ? iso(Math.min(now, due + r.int(-48, 24) * HOUR)) : null,
      created_at: iso(created),
      updated_at: iso(Math.min(now, Math.max(created, due))),
    });
  }

  // --- Viewings: every viewing its own one-hour slot (days -20..+14, 10:00-17:00 Almaty), so no
  // agent and no listing is ever booked twice at once (ex_viewings_agent / ex_viewings_property).
  const viewings: Row[] = [];
  if (props.length) {
    const slots: Array<[number, number]> = [];
    for (let d = -20; d <= 14; d++) for (let h = 10; h <= 17; h++) slots.push([d, h]);
    const picked = r.shuffle(slots).slice(0, Math.min(CRM_COUNTS.viewings, slots.length));
    for (const [d, h] of picked) {
      const start = today + d * DAY + h * HOUR;
      const end = start + r.pick([30, 45, 60]) * MINUTE;
      const past = end < now;
      const status = past
        ? r.weighted([
            ['completed', 70],
            ['no_show', 15],
            ['cancelled', 15],
          ] as const)
        : r.chance(0.1)
          ? 'cancelled'
          : 'scheduled';
      const agent = agents[agentIndex()];
      const own = leadsOf.get(agent.id) ?? [];
      const lead = own.length && r.chance(0.6) ? r.pick(own) : null;
      const created = Math.min(now, start) - r.int(1, 6) * DAY;
      const outcome = r.pick(VIEWING_OUTCOMES);
      viewings.push({
        id: idOf('viewings'),
        property_id: (lead?.property_id as string | null) ?? r.pick(props),
        client_id: (lead?.client_id as string | null) ?? (r.chance(0.6) ? r.pick(clients).id : null),
        lead_id: lead?.id ?? null,
        deal_id: null,
        agent_id: agent.id,
        starts_at: iso(start),
        ends_at: iso(end),
        status,
        outcome: status === 'completed' ? outcome : null,
        notes: r.chance(0.2) ? r.pick(NOTES) : null,
        created_by: agent.id,
        created_at: iso(created),
        updated_at: iso(past ? end : created),
      });
    }
  }

  // --- Calendar events
  const events: Row[] = [];
  for (let i = 0; i < CRM_COUNTS.calendarEvents; i++) {
    const type = r.pick(CALENDAR_EVENT_TYPES);
    const allDay = type === 'reminder' && r.chance(0.5);
    const day = today + r.int(-14, 21) * DAY;
    const start = allDay ? day : day + r.int(9, 18) * HOUR + r.pick([0, 30]) * MINUTE;
    const end = allDay ? day + DAY - MINUTE : start + r.pick([30, 60, 90]) * MINUTE;
    const past = end < now;
    const done = r.chance(0.85);
    const agent = agents[i < 8 ? i % Math.min(agents.length, 2) : agentIndex()];
    events.push({
      id: idOf('events'),
      title: r.pick(EVENT_TITLES[type]),
      description: r.chance(0.3) ? r.pick(NOTES) : null,
      type,
      status: past ? (done ? 'done' : 'cancelled') : 'planned',
      starts_at: iso(start),
      ends_at: iso(end),
      all_day: allDay,
      owner_id: agent.id,
      lead_id: null,
      client_id: r.chance(0.3) ? r.pick(clients).id : null,
      deal_id: null,
      created_at: iso(Math.min(now, start) - 3 * DAY),
      updated_at: iso(Math.min(now, start) - 3 * DAY),
    });
  }

  // --- The timeline
  const activities: Row[] = [];
  const act = (a: Omit<Row, 'id'>) =>
    activities.push({ id: idOf('activities'), body: '', data: {}, lead_id: null, client_id: null, deal_id: null, ...a });
  for (const l of leads) {
    const created = Date.parse(l.created_at as string);
    act({ type: 'created', lead_id: l.id, actor_id: l.created_by, data: { source: l.source }, created_at: iso(created) });
    if (l.assigned_to)
      act({ type: 'assignment', lead_id: l.id, actor_id: null, data: { to: l.assigned_to }, created_at: iso(created + MINUTE) });
    if (l.status === 'new') continue;
    const contacted = Date.parse(l.first_contacted_at as string);
    const calls = r.int(1, 3);
    for (let c = 0; c < calls; c++) {
      act({
        type: 'call',
        lead_id: l.id,
        actor_id: l.assigned_to,
        body: r.chance(0.4) ? r.pick(NOTES) : '',
        data: {
          outcome: c === calls - 1 && l.status !== 'attempted_contact' ? 'answered' : r.pick(CALL_OUTCOMES),
          durationSec: r.int(20, 900),
        },
        created_at: iso(between(contacted, Math.min(now, contacted + 3 * DAY))),
      });
    }
    act({ type: 'status_change', lead_id: l.id, actor_id: l.assigned_to, data: { from: 'new', to: l.status }, created_at: iso(contacted) });
    if (r.chance(0.3))
      act({ type: 'note', lead_id: l.id, actor_id: l.assigned_to, body: r.pick(NOTES), created_at: iso(between(contacted, now)) });
    if (l.email && r.chance(0.12))
      act({
        type: 'email',
        lead_id: l.id,
        actor_id: l.assigned_to,
        body: DEMO_MESSAGE_TEMPLATES[0].subject.ru ?? '',
        data: { to: l.email, status: 'sent', language: 'ru' },
        created_at: iso(between(contacted, now)),
      });
    if (l.status === 'converted')
      act({
        type: 'converted',
        lead_id: l.id,
        client_id: l.client_id,
        actor_id: l.assigned_to,
        data: { clientId: l.client_id },
        created_at: iso(between(contacted, now)),
      });
  }
  for (const d of deals) {
    const stage = d.stage as DealStage;
    const created = Date.parse(d.created_at as string);
    const end = d.closed_at ? Date.parse(d.closed_at as string) : Date.parse(d.updated_at as string);
    const path =
      stage === 'lost'
        ? DEAL_STAGES.slice(0, r.int(1, 6))
        : DEAL_STAGES.slice(0, DEAL_STAGES.indexOf(stage === 'won' ? 'contract' : stage) + 1);
    const steps: DealStage[] = stage === 'won' || stage === 'lost' ? [...path, stage] : path;
    for (let s = 1; s < steps.length; s++) {
      act({
        type: 'stage_change',
        deal_id: d.id,
        actor_id: d.owner_id,
        data: { from: steps[s - 1], to: steps[s] },
        created_at: iso(created + Math.floor(((end - created) * s) / steps.length)),
      });
    }
    if (d.closed_at)
      act({
        type: 'closed',
        deal_id: d.id,
        actor_id: d.owner_id,
        body: (d.lost_reason as string | null) ?? '',
        data: { result: stage },
        created_at: d.closed_at,
      });
  }

  // --- Message templates
  const templates: Row[] = DEMO_MESSAGE_TEMPLATES.map((t) => ({
    id: idOf('templates'),
    name: t.name,
    channel: t.channel,
    subject: t.subject,
    body: t.body,
    is_active: true,
    created_at: iso(now - 30 * DAY),
    updated_at: iso(now - 30 * DAY),
  }));

  // --- Notifications of the first two agents (the demo employee and manager)
  const notifications: Row[] = [];
  for (const agent of agents.slice(0, 2)) {
    const mine = leads.filter((l) => l.assigned_to === agent.id && l.status === 'new');
    for (const [k, l] of mine.slice(0, 3).entries())
      notifications.push({
        id: idOf('notifications'),
        user_id: agent.id,
        type: 'lead_assigned',
        data: { leadId: l.id, name: `${l.first_name} ${l.last_name}`.trim(), topic: l.topic },
        link: `/dashboard/crm/leads/${l.id}`,
        read_at: k === 2 ? l.created_at : null,
        created_at: l.created_at,
      });
    const task = tasks.find((t) => t.assigned_to === agent.id && t.status !== 'completed' && t.status !== 'cancelled');
    if (task)
      notifications.push({
        id: idOf('notifications'),
        user_id: agent.id,
        type: 'task_due',
        data: { taskId: task.id, title: task.title },
        link: '/dashboard/crm/tasks',
        read_at: null,
        created_at: iso(now - 20 * MINUTE),
      });
  }

  return { clients, contacts, leads, deals, tasks, viewings, events, activities, templates, notifications, managers };
}

/** Column name -> SQL type of each table's rows, for jsonb_to_recordset. */
const COLUMNS: Record<string, Record<string, string>> = {
  clients: {
    id: 'uuid',
    type: 'varchar',
    first_name: 'varchar',
    last_name: 'varchar',
    company_name: 'varchar',
    bin: 'char(12)',
    phone: 'varchar',
    email: 'varchar',
    telegram: 'varchar',
    is_vip: 'boolean',
    notes: 'text',
    owner_id: 'uuid',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  client_contacts: {
    id: 'uuid',
    client_id: 'uuid',
    name: 'varchar',
    position: 'varchar',
    phone: 'varchar',
    email: 'varchar',
    sort_order: 'int',
    created_at: 'timestamptz',
  },
  leads: {
    id: 'uuid',
    first_name: 'varchar',
    last_name: 'varchar',
    phone: 'varchar',
    email: 'varchar',
    telegram: 'varchar',
    source: 'varchar',
    topic: 'varchar',
    message: 'text',
    status: 'varchar',
    quality: 'varchar',
    budget: 'numeric',
    property_id: 'uuid',
    assigned_to: 'uuid',
    created_by: 'uuid',
    first_contacted_at: 'timestamptz',
    client_id: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  deals: {
    id: 'uuid',
    title: 'varchar',
    type: 'varchar',
    amount: 'numeric',
    stage: 'varchar',
    position: 'float8',
    probability: 'smallint',
    expected_close: 'date',
    client_id: 'uuid',
    lead_id: 'uuid',
    property_id: 'uuid',
    owner_id: 'uuid',
    closed_at: 'timestamptz',
    lost_reason: 'varchar',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  tasks: {
    id: 'uuid',
    title: 'varchar',
    description: 'text',
    type: 'varchar',
    priority: 'varchar',
    status: 'varchar',
    due_date: 'timestamptz',
    assigned_to: 'uuid',
    created_by: 'uuid',
    lead_id: 'uuid',
    client_id: 'uuid',
    deal_id: 'uuid',
    completed_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  viewings: {
    id: 'uuid',
    property_id: 'uuid',
    client_id: 'uuid',
    lead_id: 'uuid',
    deal_id: 'uuid',
    agent_id: 'uuid',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    status: 'varchar',
    outcome: 'text',
    notes: 'text',
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  calendar_events: {
    id: 'uuid',
    title: 'varchar',
    description: 'text',
    type: 'varchar',
    status: 'varchar',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    all_day: 'boolean',
    owner_id: 'uuid',
    lead_id: 'uuid',
    client_id: 'uuid',
    deal_id: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  activities: {
    id: 'uuid',
    type: 'varchar',
    lead_id: 'uuid',
    client_id: 'uuid',
    deal_id: 'uuid',
    actor_id: 'uuid',
    body: 'text',
    data: 'jsonb',
    created_at: 'timestamptz',
  },
  message_templates: {
    id: 'uuid',
    name: 'varchar',
    channel: 'varchar',
    subject: 'jsonb',
    body: 'jsonb',
    is_active: 'boolean',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  notifications: {
    id: 'uuid',
    user_id: 'uuid',
    type: 'varchar',
    data: 'jsonb',
    link: 'varchar',
    read_at: 'timestamptz',
    created_at: 'timestamptz',
  },
};

/** One INSERT ... SELECT FROM jsonb_to_recordset per chunk; answers the number of new rows. */
async function insertRows(m: EntityManager, table: string, rows: Row[]): Promise<number> {
  const cols = COLUMNS[table];
  const names = Object.keys(cols);
  const shape = names.map((n) => `${n} ${cols[n]}`).join(', ');
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((row) => Object.fromEntries(names.map((n) => [n, row[n] ?? null])));
    const result = (await m.query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${shape})
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(chunk)],
    )) as unknown[];
    inserted += result.length;
  }
  return inserted;
}

/**
 * Inserts the generated CRM rows in dependency order (set-based; rows that exist are kept as
 * they are, so a second run adds nothing), links converted leads to their deals and sets the
 * employees' manager where none is set.
 */
export async function insertDemoCrm(m: EntityManager, rows: CrmRows): Promise<CrmSeedSummary> {
  const clients = await insertRows(m, 'clients', rows.clients);
  const clientContacts = await insertRows(m, 'client_contacts', rows.contacts);
  const leads = await insertRows(m, 'leads', rows.leads);
  const deals = await insertRows(m, 'deals', rows.deals);
  await m.query(`UPDATE leads l SET deal_id = d.id FROM deals d WHERE d.lead_id = l.id AND l.deal_id IS NULL AND d.id = ANY($1::uuid[])`, [
    rows.deals.filter((d) => d.lead_id).map((d) => d.id),
  ]);
  if (rows.managers.length)
    await m.query(
      `UPDATE users u SET manager_id = x.manager_id FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, manager_id uuid)
        WHERE u.id = x.id AND u.manager_id IS NULL`,
      [JSON.stringify(rows.managers)],
    );
  return {
    clients,
    clientContacts,
    leads,
    deals,
    tasks: await insertRows(m, 'tasks', rows.tasks),
    viewings: await insertRows(m, 'viewings', rows.viewings),
    calendarEvents: await insertRows(m, 'calendar_events', rows.events),
    activities: await insertRows(m, 'activities', rows.activities),
    messageTemplates: await insertRows(m, 'message_templates', rows.templates),
    notifications: await insertRows(m, 'notifications', rows.notifications),
  };
}
