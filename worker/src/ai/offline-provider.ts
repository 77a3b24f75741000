import type { AiBlogBrief, AiBlogPost, AiLanguage, AiPropertyFacts, AiResult, ContentProvider } from './content-provider';

/**
 * The offline ContentProvider (issue 23 "AI content"; spec 02 §7): deterministic templates
 * over the data given, in ru/en/kk/zh, so the demo, CI and a server without an AI key get
 * real sentences that change with the listing or brief. No network, no randomness: the same
 * input always gives the same text. Token counts are 0; the model is reported as
 * 'offline-templates-v1'.
 */
export const OFFLINE_MODEL = 'offline-templates-v1';

type Dict = Record<AiLanguage, string>;

const CATEGORY: Record<string, Dict> = {
  offices: { ru: 'офис', en: 'office', kk: 'кеңсе', zh: '办公室' },
  office: { ru: 'офис', en: 'office', kk: 'кеңсе', zh: '办公室' },
  retail: { ru: 'торговое помещение', en: 'retail space', kk: 'сауда үй-жайы', zh: '商铺' },
  warehouses: { ru: 'склад', en: 'warehouse', kk: 'қойма', zh: '仓库' },
  warehouse: { ru: 'склад', en: 'warehouse', kk: 'қойма', zh: '仓库' },
  coworking: { ru: 'коворкинг', en: 'coworking space', kk: 'коворкинг', zh: '联合办公空间' },
};

const FEATURE: Record<string, Dict> = {
  parking: { ru: 'парковка', en: 'parking', kk: 'көлік тұрағы', zh: '停车位' },
  furniture: { ru: 'мебель', en: 'furniture', kk: 'жиһаз', zh: '家具' },
  air_conditioning: { ru: 'кондиционирование', en: 'air conditioning', kk: 'кондиционер', zh: '空调' },
  security: { ru: 'охрана', en: 'security', kk: 'күзет', zh: '安保' },
  fiber_internet: { ru: 'оптоволоконный интернет', en: 'fibre internet', kk: 'оптикалық интернет', zh: '光纤网络' },
  reception: { ru: 'ресепшн', en: 'reception', kk: 'ресепшн', zh: '前台' },
  meeting_rooms: { ru: 'переговорные', en: 'meeting rooms', kk: 'келіссөз бөлмелері', zh: '会议室' },
  kitchen: { ru: 'кухня', en: 'kitchen', kk: 'ас үй', zh: '厨房' },
  panoramic_windows: { ru: 'панорамные окна', en: 'panoramic windows', kk: 'панорамалық терезелер', zh: '全景窗' },
  separate_entrance: { ru: 'отдельный вход', en: 'separate entrance', kk: 'жеке кіреберіс', zh: '独立入口' },
  loading_ramp: { ru: 'пандус для погрузки', en: 'loading ramp', kk: 'жүк тиеу пандусы', zh: '装卸坡道' },
  heating: { ru: 'отопление', en: 'heating', kk: 'жылыту', zh: '供暖' },
  showcase_windows: { ru: 'витринные окна', en: 'shop windows', kk: 'витриналық терезелер', zh: '橱窗' },
  generator: { ru: 'генератор', en: 'backup generator', kk: 'генератор', zh: '备用发电机' },
};

const LOCALE: Dict = { ru: 'ru-RU', en: 'en-GB', kk: 'kk-KZ', zh: 'zh-CN' };

function num(n: number, language: AiLanguage): string {
  // Non-breaking spaces from Intl are replaced by plain ones so the text is easy to edit.
  return new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 2 }).format(n).replace(/\u00a0|\u202f/g, ' ');
}

function category(slug: string, language: AiLanguage): string {
  return CATEGORY[slug.toLowerCase()]?.[language] ?? slug;
}

function feature(key: string, language: AiLanguage): string {
  return FEATURE[key]?.[language] ?? key.replace(/_/g, ' ');
}

function list(items: string[], language: AiLanguage): string {
  if (language === 'zh') return items.join('、');
  if (items.length < 2) return items.join('');
  const and = { ru: ' и ', en: ' and ', kk: ' және ', zh: '、' }[language];
  return `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function result<T>(value: T): AiResult<T> {
  return { value, provider: 'offline', model: OFFLINE_MODEL, promptTokens: 0, completionTokens: 0 };
}

const ALMATY: Dict = { ru: 'Алматы', en: 'Almaty', kk: 'Алматы', zh: '阿拉木图' };
const ALMATY_NAMES = new Set(['', 'almaty', 'алматы', 'алма-ата', '阿拉木图']);

/** Address and city; Almaty (or no city) in the text's language. */
function place(f: AiPropertyFacts, l: AiLanguage): string {
  const city = ALMATY_NAMES.has((f.city ?? '').trim().toLowerCase()) ? ALMATY[l] : f.city.trim();
  return [f.address.trim(), city].filter(Boolean).join(', ');
}

/** Paragraphs of a listing description in one language. */
function describe(f: AiPropertyFacts, l: AiLanguage): string {
  const cat = category(f.category, l);
  const where = place(f, l);
  const price = num(f.price, l);
  const area = num(f.area, l);
  const perM2 = f.area > 0 ? num(Math.round(f.price / f.area), l) : null;
  const features = f.features.map((k) => feature(k, l));
  const paragraphs: string[] = [];
  if (l === 'ru') {
    paragraphs.push(
      `${f.dealType === 'sale' ? 'Продаётся' : 'Сдаётся в аренду'} ${cat} площадью ${area} м² по адресу: ${where}.` +
        (f.floor != null ? ` Помещение находится на ${f.floor}-м этаже${f.totalFloors ? ` ${f.totalFloors}-этажного здания` : ''}.` : '') +
        (f.rooms ? ` Комнат: ${f.rooms}.` : '') +
        (f.yearBuilt ? ` Год постройки — ${f.yearBuilt}.` : ''),
    );
    if (features.length) paragraphs.push(`В помещении есть: ${list(features, l)}.`);
    paragraphs.push(
      f.dealType === 'sale'
        ? `Цена — ${price} ₸${perM2 ? ` (${perM2} ₸ за м²)` : ''}. Звоните, чтобы договориться о просмотре.`
        : `Арендная ставка — ${price} ₸ в месяц${perM2 ? ` (${perM2} ₸ за м²)` : ''}. Звоните, чтобы договориться о просмотре.`,
    );
  } else if (l === 'en') {
    paragraphs.push(
      `${capital(cat)} of ${area} m² ${f.dealType === 'sale' ? 'for sale' : 'to rent'} at ${where}.` +
        (f.floor != null ? ` It is on floor ${f.floor}${f.totalFloors ? ` of ${f.totalFloors}` : ''}.` : '') +
        (f.rooms ? ` Rooms: ${f.rooms}.` : '') +
        (f.yearBuilt ? ` The building dates from ${f.yearBuilt}.` : ''),
    );
    if (features.length) paragraphs.push(`The space comes with ${list(features, l)}.`);
    paragraphs.push(
      f.dealType === 'sale'
        ? `Price: ${price} ₸${perM2 ? ` (${perM2} ₸ per m²)` : ''}. Call us to arrange a viewing.`
        : `Rent: ${price} ₸ a month${perM2 ? ` (${perM2} ₸ per m²)` : ''}. Call us to arrange a viewing.`,
    );
  } else if (l === 'kk') {
    paragraphs.push(
      `${where} мекенжайында ${area} м² ${cat} ${f.dealType === 'sale' ? 'сатылады' : 'жалға беріледі'}.` +
        (f.floor != null ? ` Үй-жай ${f.totalFloors ? `${f.totalFloors} қабатты ғимараттың ` : ''}${f.floor}-қабатында орналасқан.` : '') +
        (f.rooms ? ` Бөлмелер саны: ${f.rooms}.` : '') +
        (f.yearBuilt ? ` Салынған жылы — ${f.yearBuilt}.` : ''),
    );
    if (features.length) paragraphs.push(`Үй-жайда бар: ${list(features, l)}.`);
    paragraphs.push(
      f.dealType === 'sale'
        ? `Бағасы — ${price} ₸${perM2 ? ` (1 м² үшін ${perM2} ₸)` : ''}. Көруге келу үшін бізге қоңырау шалыңыз.`
        : `Жалдау ақысы — айына ${price} ₸${perM2 ? ` (1 м² үшін ${perM2} ₸)` : ''}. Көруге келу үшін бізге қоңырау шалыңыз.`,
    );
  } else {
    paragraphs.push(
      `${f.dealType === 'sale' ? '出售' : '出租'}位于${where}的${cat}，面积${area}平方米。` +
        (f.floor != null ? `位于${f.totalFloors ? `${f.totalFloors}层建筑的` : ''}第${f.floor}层。` : '') +
        (f.rooms ? `共${f.rooms}个房间。` : '') +
        (f.yearBuilt ? `建于${f.yearBuilt}年。` : ''),
    );
    if (features.length) paragraphs.push(`配套设施：${list(features, l)}。`);
    paragraphs.push(
      f.dealType === 'sale'
        ? `售价${price}坚戈${perM2 ? `（每平方米${perM2}坚戈）` : ''}。欢迎致电预约看房。`
        : `租金每月${price}坚戈${perM2 ? `（每平方米${perM2}坚戈）` : ''}。欢迎致电预约看房。`,
    );
  }
  return paragraphs.join('\n\n');
}

/** 3-8 questions a buyer or tenant would ask, chosen by what the listing says and lacks. */
function questions(f: AiPropertyFacts, l: AiLanguage): string[] {
  const has = (k: string) => f.features.includes(k);
  const q: Record<string, Dict> = {
    viewing: {
      ru: 'Когда можно посмотреть помещение?',
      en: 'When can I view the space?',
      kk: 'Үй-жайды қашан көруге болады?',
      zh: '什么时候可以看房？',
    },
    utilities: {
      ru: 'Входят ли коммунальные платежи в стоимость?',
      en: 'Are utilities included in the price?',
      kk: 'Коммуналдық төлемдер бағаға кіре ме?',
      zh: '价格是否包含水电物业费？',
    },
    deposit: {
      ru: 'Какой депозит и минимальный срок аренды?',
      en: 'What is the deposit and the minimum lease term?',
      kk: 'Кепілдік сомасы мен ең қысқа жалдау мерзімі қандай?',
      zh: '押金多少？最短租期是多久？',
    },
    documents: {
      ru: 'Все ли документы на объект в порядке и возможна ли ипотека?',
      en: 'Are the title documents in order, and can the purchase be mortgaged?',
      kk: 'Нысанның құжаттары толық па, ипотекамен алуға бола ма?',
      zh: '产权文件是否齐全？可以办理按揭吗？',
    },
    bargain: {
      ru: `Возможен ли торг от цены ${num(f.price, 'ru')} ₸?`,
      en: `Is the price of ${num(f.price, 'en')} ₸ negotiable?`,
      kk: `${num(f.price, 'kk')} ₸ бағасынан саудаласуға бола ма?`,
      zh: `${num(f.price, 'zh')}坚戈的价格可以商量吗？`,
    },
    parking: {
      ru: 'Есть ли парковка для сотрудников и посетителей?',
      en: 'Is there parking for staff and visitors?',
      kk: 'Қызметкерлер мен келушілерге көлік тұрағы бар ма?',
      zh: '员工和访客有停车位吗？',
    },
    parkingCost: {
      ru: 'Сколько стоит место на парковке?',
      en: 'How much does a parking space cost?',
      kk: 'Көлік тұрағындағы орын қанша тұрады?',
      zh: '停车位怎么收费？',
    },
    internet: {
      ru: 'Какие интернет-провайдеры подключены к зданию?',
      en: 'Which internet providers serve the building?',
      kk: 'Ғимаратқа қандай интернет-провайдерлер қосылған?',
      zh: '大楼接入了哪些网络运营商？',
    },
    lift: {
      ru: `Есть ли лифт до ${f.floor ?? ''}-го этажа?`,
      en: `Is there a lift to floor ${f.floor ?? ''}?`,
      kk: `${f.floor ?? ''}-қабатқа лифт бар ма?`,
      zh: `有电梯到${f.floor ?? ''}楼吗？`,
    },
    layout: {
      ru: `Можно ли изменить планировку ${num(f.area, 'ru')} м²?`,
      en: `Can the layout of the ${num(f.area, 'en')} m² be changed?`,
      kk: `${num(f.area, 'kk')} м² жоспарын өзгертуге бола ма?`,
      zh: `${num(f.area, 'zh')}平方米的格局可以改动吗？`,
    },
    access: {
      ru: 'Есть ли круглосуточный доступ и охрана?',
      en: 'Is there round-the-clock access and security?',
      kk: 'Тәулік бойы кіру мүмкіндігі мен күзет бар ма?',
      zh: '是否24小时可进出并有安保？',
    },
    repairs: {
      ru: `Когда в здании ${f.yearBuilt ?? ''} года последний раз делали ремонт?`,
      en: `When was the ${f.yearBuilt ?? ''} building last renovated?`,
      kk: `${f.yearBuilt ?? ''} жылғы ғимаратта соңғы рет жөндеу қашан жүргізілді?`,
      zh: `这栋${f.yearBuilt ?? ''}年的建筑最近一次翻新是什么时候？`,
    },
  };
  const keys = ['viewing', f.dealType === 'rent' ? 'utilities' : 'documents', 'bargain'];
  if (f.dealType === 'rent') keys.push('deposit');
  keys.push(has('parking') ? 'parkingCost' : 'parking');
  if (!has('fiber_internet')) keys.push('internet');
  if (f.floor != null && f.floor > 2) keys.push('lift');
  if (f.area >= 100) keys.push('layout');
  if (!has('security')) keys.push('access');
  if (f.yearBuilt) keys.push('repairs');
  return keys.slice(0, 8).map((k) => q[k][l]);
}

const TRANSLATION_NOTE: Dict = {
  ru: '[Черновик перевода]',
  en: '[Draft translation]',
  kk: '[Аударма жобасы]',
  zh: '[翻译草稿]',
};

const BLOG_CATEGORY: Record<string, Dict> = {
  market: { ru: 'рынок', en: 'the market', kk: 'нарық', zh: '市场' },
  guides: { ru: 'советы', en: 'guides', kk: 'кеңестер', zh: '指南' },
  news: { ru: 'новости', en: 'news', kk: 'жаңалықтар', zh: '新闻' },
};

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function blogPost(brief: AiBlogBrief, l: AiLanguage): AiBlogPost {
  const topic = brief.topic.trim();
  const cat = BLOG_CATEGORY[brief.category]?.[l] ?? brief.category;
  const kws = brief.keywords.filter((k) => k.trim());
  const t = escapeHtml(topic);
  const kwList = escapeHtml(list(kws, l));
  const kwItems = kws.map((k) => `<li>${escapeHtml(k)}</li>`).join('');
  if (l === 'ru') {
    return {
      title: `${capital(topic)}: что важно знать в Алматы`,
      excerpt: `Разбираем тему «${topic}» в рубрике «${cat}»${kws.length ? `: ${list(kws, l)}` : ''}.`,
      html:
        `<p>Тема «${t}» волнует многих арендаторов и покупателей коммерческой недвижимости в Алматы. Рассказываем главное.</p>` +
        `<h2>Что учитывать</h2><p>Сравните несколько вариантов по цене за м², расположению и условиям договора${kws.length ? `; обратите внимание на: ${kwList}` : ''}.</p>` +
        (kwItems ? `<ul>${kwItems}</ul>` : '') +
        `<h2>Вывод</h2><p>Если нужна помощь с темой «${t}», наши специалисты подберут варианты и организуют просмотр.</p>`,
    };
  }
  if (l === 'en') {
    return {
      title: `${capital(topic)}: what to know in Almaty`,
      excerpt: `A look at "${topic}" in our ${cat} section${kws.length ? `: ${list(kws, l)}` : ''}.`,
      html:
        `<p>"${t}" matters to many tenants and buyers of commercial property in Almaty. Here is what counts.</p>` +
        `<h2>What to weigh</h2><p>Compare several options on price per m², location and lease terms${kws.length ? `; pay attention to ${kwList}` : ''}.</p>` +
        (kwItems ? `<ul>${kwItems}</ul>` : '') +
        `<h2>In short</h2><p>If you need help with "${t}", our agents will shortlist options and arrange viewings.</p>`,
    };
  }
  if (l === 'kk') {
    return {
      title: `${capital(topic)}: Алматыда не білу керек`,
      excerpt: `«${cat}» айдарында «${topic}» тақырыбын талдаймыз${kws.length ? `: ${list(kws, l)}` : ''}.`,
      html:
        `<p>«${t}» тақырыбы Алматыдағы коммерциялық жылжымайтын мүлікті жалға алушылар мен сатып алушылардың көбін қызықтырады. Ең бастысын айтамыз.</p>` +
        `<h2>Нені ескеру керек</h2><p>Бірнеше нұсқаны 1 м² бағасы, орналасуы және шарт талаптары бойынша салыстырыңыз${kws.length ? `; назар аударыңыз: ${kwList}` : ''}.</p>` +
        (kwItems ? `<ul>${kwItems}</ul>` : '') +
        `<h2>Қорытынды</h2><p>«${t}» бойынша көмек керек болса, біздің мамандар нұсқаларды іріктеп, көрсетілімді ұйымдастырады.</p>`,
    };
  }
  return {
    title: `${topic}：在阿拉木图需要了解的要点`,
    excerpt: `在“${cat}”栏目中解读“${topic}”${kws.length ? `：${list(kws, l)}` : ''}。`,
    html:
      `<p>“${t}”是阿拉木图许多商业地产租户和买家关心的话题。以下是要点。</p>` +
      `<h2>需要考虑什么</h2><p>从每平方米价格、位置和合同条款等方面比较多个选项${kws.length ? `；请特别注意：${kwList}` : ''}。</p>` +
      (kwItems ? `<ul>${kwItems}</ul>` : '') +
      `<h2>总结</h2><p>如果您在“${t}”方面需要帮助，我们的顾问会为您筛选房源并安排看房。</p>`,
  };
}

function completeText(prompt: string, task: string, l: AiLanguage): string {
  const p = prompt.trim().replace(/\s+/g, ' ');
  const short = p.length > 160 ? `${p.slice(0, 157)}...` : p;
  const words = p.split(' ').filter(Boolean).length;
  return {
    ru: `Задача «${task}»: ${short}\n\nЭто черновик без подключённой модели ИИ (слов в запросе: ${words}). Настройте AI_BASE_URL, AI_API_KEY и AI_MODEL, чтобы получить полноценный ответ.`,
    en: `Task "${task}": ${short}\n\nThis is a draft made without an AI model (${words} words in the prompt). Set AI_BASE_URL, AI_API_KEY and AI_MODEL for a full answer.`,
    kk: `«${task}» тапсырмасы: ${short}\n\nБұл ЖИ моделінсіз жасалған жоба (сұраудағы сөздер саны: ${words}). Толық жауап алу үшін AI_BASE_URL, AI_API_KEY және AI_MODEL баптаңыз.`,
    zh: `任务“${task}”：${short}\n\n这是未连接AI模型时生成的草稿（提示词共${words}个词）。请设置AI_BASE_URL、AI_API_KEY和AI_MODEL以获得完整回答。`,
  }[l];
}

export class OfflineContentProvider implements ContentProvider {
  readonly name = 'offline' as const;

  /** Description paragraphs from the facts: deal, category, area (m²), place, floor, features, price (₸). */
  async describeProperty(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string>> {
    return result(describe(facts, language));
  }

  /** 3-8 questions chosen by deal type, features, floor, area and year. */
  async propertyQuestions(facts: AiPropertyFacts, language: AiLanguage): Promise<AiResult<string[]>> {
    return result(questions(facts, language));
  }

  /**
   * Without a model nothing is really translated: each field keeps its text, prefixed with a
   * "draft translation" note in the target language so a person sees it must be checked.
   * Empty fields stay empty; keys are kept.
   */
  async translate(fields: Record<string, string>, from: AiLanguage, to: AiLanguage): Promise<AiResult<Record<string, string>>> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) {
      out[k] = !v || !v.trim() || from === to ? v : `${TRANSLATION_NOTE[to]} ${v}`;
    }
    return result(out);
  }

  /** Title, excerpt and HTML body (h2, p, ul) in `language` built from the topic and keywords. */
  async writeBlogPost(brief: AiBlogBrief, language: AiLanguage): Promise<AiResult<AiBlogPost>> {
    return result(blogPost(brief, language));
  }

  /** An honest placeholder answer that repeats the task and prompt, in `language`. */
  async complete(prompt: string, task: string, language: AiLanguage): Promise<AiResult<string>> {
    return result(completeText(prompt, task, language));
  }
}
