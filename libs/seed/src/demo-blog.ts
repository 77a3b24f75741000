import { escapeHtml, readingTimeMinutes, type BlogPostStatus, type LocalizedText } from '@realty/contracts';
import type { EntityManager } from 'typeorm';
import { BlogPost, openImage, type FileStorage } from '@realty/db';
import { hashSeed, Random } from './random';

/**
 * Demo news and articles (spec 01 §2 News list and article, §3 Blog post): 5 categories,
 * 24 published posts and 3 drafts, each with title, excerpt and HTML content in ru, en, kk
 * and zh, a generated cover image (drawn as SVG, encoded with sharp: no network), an author
 * (a demo agent) and a reading time of content length / 1000 rounded up (spec 01 §9).
 * Deterministic for a seed and reference date.
 */

const L = (ru: string, en: string, kk: string, zh: string): LocalizedText => ({ ru, en, kk, zh });

export const BLOG_CATEGORY_DEFS: Array<{ slug: string; name: LocalizedText }> = [
  { slug: 'news', name: L('Новости', 'News', 'Жаңалықтар', '新闻') },
  { slug: 'market', name: L('Аналитика рынка', 'Market analysis', 'Нарық талдауы', '市场分析') },
  { slug: 'tips', name: L('Советы арендаторам', 'Tips for tenants', 'Жалға алушыларға кеңестер', '租户指南') },
  { slug: 'business-center', name: L('Жизнь бизнес-центра', 'Life in the centre', 'Бизнес-орталық өмірі', '中心动态') },
  { slug: 'legal', name: L('Право и налоги', 'Law and taxes', 'Құқық және салықтар', '法律与税务') },
];

interface PostDef {
  slug: string;
  category: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  status?: BlogPostStatus;
}

/** Newest first: post i is published i * 4 days (plus a few hours) before the reference date. */
const POSTS: PostDef[] = [
  {
    slug: 'class-a-office-demand-2026',
    category: 'market',
    title: L(
      'Спрос на офисы класса А в Алматы вырос на 18%',
      'Demand for class A offices in Almaty is up 18%',
      'Алматыдағы А класты кеңселерге сұраныс 18%-ға өсті',
      '阿拉木图甲级写字楼需求增长18%',
    ),
    excerpt: L(
      'Компании переезжают в современные бизнес-центры: разбираем, что движет спросом и как это влияет на ставки.',
      'Companies are moving to modern business centres: what drives demand and how it affects rents.',
      'Компаниялар заманауи бизнес-орталықтарға көшуде: сұранысты не қозғайтынын және бағаға әсерін талдаймыз.',
      '企业纷纷迁入现代商务中心：需求的驱动因素及其对租金的影响。',
    ),
  },
  {
    slug: 'new-coworking-floor-opened',
    category: 'business-center',
    title: L(
      'На 12 этаже открылся новый коворкинг',
      'A new coworking space opens on the 12th floor',
      '12-қабатта жаңа коворкинг ашылды',
      '12楼新共享办公空间开业',
    ),
    excerpt: L(
      '120 рабочих мест, переговорные и кухня: рассказываем, как устроено новое пространство для гибкой работы.',
      '120 desks, meeting rooms and a kitchen: a look at the new space for flexible work.',
      '120 жұмыс орны, келіссөз бөлмелері және асхана: икемді жұмысқа арналған жаңа кеңістік туралы.',
      '120个工位、会议室和厨房：带您了解全新的灵活办公空间。',
    ),
  },
  {
    slug: 'how-to-choose-office-area',
    category: 'tips',
    title: L(
      'Сколько квадратных метров нужно вашей команде',
      'How many square metres does your team need',
      'Командаңызға қанша шаршы метр қажет',
      '您的团队需要多大面积',
    ),
    excerpt: L(
      'Простая формула расчёта площади офиса с учётом переговорных, зон отдыха и роста компании.',
      'A simple formula for office size that accounts for meeting rooms, break areas and growth.',
      'Келіссөз бөлмелерін, демалыс аймақтарын және компанияның өсуін ескеретін кеңсе ауданын есептеудің қарапайым формуласы.',
      '考虑会议室、休息区和公司发展的办公面积简单计算公式。',
    ),
  },
  {
    slug: 'vat-on-commercial-rent',
    category: 'legal',
    title: L(
      'НДС при аренде коммерческой недвижимости: что важно знать',
      'VAT on commercial rent: what you need to know',
      'Коммерциялық жылжымайтын мүлікті жалға алудағы ҚҚС: не білу керек',
      '商业地产租赁增值税须知',
    ),
    excerpt: L(
      'Ставка 12%, счёт-фактура и вычеты: объясняем, как НДС влияет на стоимость аренды.',
      'The 12% rate, invoices and deductions: how VAT affects the cost of renting.',
      '12% мөлшерлеме, шот-фактура және шегерімдер: ҚҚС жалдау құнына қалай әсер етеді.',
      '12%税率、发票与抵扣：增值税如何影响租金成本。',
    ),
  },
  {
    slug: 'parking-upgrade',
    category: 'news',
    title: L(
      'Паркинг бизнес-центра перешёл на бесконтактный въезд',
      'The business centre car park switches to contactless entry',
      'Бизнес-орталық паркингі байланыссыз кіруге көшті',
      '商务中心停车场启用无接触入场',
    ),
    excerpt: L(
      'Распознавание номеров и оплата через приложение сократили время въезда до нескольких секунд.',
      'Number-plate recognition and app payment cut entry time to a few seconds.',
      'Нөмірді тану және қосымша арқылы төлеу кіру уақытын бірнеше секундқа дейін қысқартты.',
      '车牌识别与应用支付将入场时间缩短至几秒。',
    ),
  },
  {
    slug: 'retail-space-trends',
    category: 'market',
    title: L(
      'Торговые помещения: тренды первого этажа',
      'Retail space: ground-floor trends',
      'Сауда алаңдары: бірінші қабат трендтері',
      '零售空间：首层商铺趋势',
    ),
    excerpt: L(
      'Кофейни, аптеки и сервисы занимают первые этажи бизнес-центров. Что это значит для арендаторов.',
      'Cafés, pharmacies and services take the ground floors of business centres. What it means for tenants.',
      'Кофеханалар, дәріханалар және сервистер бизнес-орталықтардың бірінші қабаттарын алуда. Бұл жалға алушыларға нені білдіреді.',
      '咖啡馆、药店和服务业正占据商务中心首层，这对租户意味着什么。',
    ),
  },
  {
    slug: 'office-move-checklist',
    category: 'tips',
    title: L(
      'Чек-лист переезда в новый офис',
      'A checklist for moving to a new office',
      'Жаңа кеңсеге көшу чек-парағы',
      '搬入新办公室清单',
    ),
    excerpt: L(
      'От договора до первого рабочего дня: 12 шагов, которые помогут переехать без простоев.',
      'From contract to first working day: 12 steps to move without downtime.',
      'Келісімшарттан алғашқы жұмыс күніне дейін: тоқтаусыз көшуге көмектесетін 12 қадам.',
      '从签约到第一个工作日：12个步骤助您无缝搬迁。',
    ),
  },
  {
    slug: 'energy-saving-building',
    category: 'business-center',
    title: L(
      'Как бизнес-центр экономит энергию',
      'How the business centre saves energy',
      'Бизнес-орталық энергияны қалай үнемдейді',
      '商务中心如何节能',
    ),
    excerpt: L(
      'Умное освещение, рекуперация воздуха и датчики присутствия снизили расходы на 22%.',
      'Smart lighting, heat recovery and presence sensors cut costs by 22%.',
      'Ақылды жарықтандыру, ауаны рекуперациялау және қатысу датчиктері шығындарды 22%-ға азайтты.',
      '智能照明、热回收和人体感应器使能耗成本降低22%。',
    ),
  },
  {
    slug: 'lease-agreement-key-terms',
    category: 'legal',
    title: L(
      'Договор аренды: 7 пунктов, которые нужно проверить',
      'Lease agreement: 7 clauses to check',
      'Жалдау шарты: тексеруге тиісті 7 тармақ',
      '租赁合同：需要核查的7项条款',
    ),
    excerpt: L(
      'Срок, индексация, депозит, ремонт и досрочное расторжение: на что смотреть перед подписанием.',
      'Term, indexation, deposit, fit-out and early termination: what to check before signing.',
      'Мерзім, индекстеу, депозит, жөндеу және мерзімінен бұрын бұзу: қол қоймас бұрын неге назар аудару керек.',
      '租期、调价、押金、装修和提前解约：签约前应关注的要点。',
    ),
  },
  {
    slug: 'warehouse-market-review',
    category: 'market',
    title: L(
      'Складская недвижимость: обзор рынка',
      'Warehouse property: a market review',
      'Қойма жылжымайтын мүлкі: нарыққа шолу',
      '仓储地产市场回顾',
    ),
    excerpt: L(
      'Электронная торговля поддерживает спрос на склады класса А и B вблизи города.',
      'E-commerce keeps demand high for class A and B warehouses near the city.',
      'Электрондық сауда қала маңындағы А және B класты қоймаларға сұранысты қолдайды.',
      '电子商务持续推动城市周边甲级和乙级仓库的需求。',
    ),
  },
  {
    slug: 'tenant-breakfast-autumn',
    category: 'news',
    title: L(
      'Осенний завтрак арендаторов собрал 200 гостей',
      'The autumn tenant breakfast gathered 200 guests',
      'Жалға алушылардың күзгі таңғы асына 200 қонақ жиналды',
      '秋季租户早餐会吸引200位来宾',
    ),
    excerpt: L(
      'Нетворкинг, выступления партнёров и розыгрыш призов: как прошла встреча сообщества.',
      'Networking, partner talks and a prize draw: how the community meeting went.',
      'Нетворкинг, серіктестердің баяндамалары және ұтыс ойыны: қауымдастық кездесуі қалай өтті.',
      '社交、合作伙伴演讲和抽奖：社区聚会回顾。',
    ),
  },
  {
    slug: 'coworking-vs-office',
    category: 'tips',
    title: L(
      'Коворкинг или свой офис: что выгоднее',
      'Coworking or your own office: which pays off',
      'Коворкинг па, әлде жеке кеңсе ме: қайсысы тиімді',
      '共享办公还是独立办公室：哪个更划算',
    ),
    excerpt: L(
      'Сравниваем стоимость, гибкость и имидж для команд от 2 до 30 человек.',
      'Comparing cost, flexibility and image for teams of 2 to 30 people.',
      '2-ден 30 адамға дейінгі командалар үшін құнын, икемділігін және имиджін салыстырамыз.',
      '为2至30人团队比较成本、灵活性和形象。',
    ),
  },
  {
    slug: 'property-tax-basics',
    category: 'legal',
    title: L(
      'Налог на имущество для владельцев офисов',
      'Property tax for office owners',
      'Кеңсе иелеріне арналған мүлік салығы',
      '办公室业主的财产税',
    ),
    excerpt: L(
      'Ставка 1,5%, база расчёта и сроки уплаты: коротко о том, что должен знать покупатель.',
      'The 1.5% rate, the tax base and deadlines: what a buyer should know.',
      '1,5% мөлшерлеме, есептеу базасы және төлеу мерзімдері: сатып алушы білуі тиіс нәрселер.',
      '1.5%税率、计税基础和缴纳期限：买家须知。',
    ),
  },
  {
    slug: 'green-roof-terrace',
    category: 'business-center',
    title: L(
      'На крыше появилась зелёная терраса',
      'A green terrace opens on the roof',
      'Шатырда жасыл терраса пайда болды',
      '屋顶绿色露台落成',
    ),
    excerpt: L(
      'Место для встреч и отдыха с видом на Заилийский Алатау открыто для всех арендаторов.',
      'A place to meet and relax with a view of the Trans-Ili Alatau, open to every tenant.',
      'Іле Алатауына қарайтын кездесу және демалыс орны барлық жалға алушыларға ашық.',
      '可眺望外伊犁阿拉套山的聚会休闲空间，向所有租户开放。',
    ),
  },
  {
    slug: 'office-rent-prices-q3',
    category: 'market',
    title: L(
      'Ставки аренды офисов в третьем квартале',
      'Office rents in the third quarter',
      'Үшінші тоқсандағы кеңсе жалдау мөлшерлемелері',
      '第三季度写字楼租金',
    ),
    excerpt: L(
      'Средняя ставка в классе А — от 7 500 ₸ за м² в месяц. Где дешевле и почему.',
      'The class A average starts at 7,500 ₸ per m² a month. Where it is cheaper and why.',
      'А класындағы орташа мөлшерлеме — айына м² үшін 7 500 ₸-ден. Қай жерде арзан және неге.',
      '甲级平均租金每月每平方米7500坚戈起。哪里更便宜，为什么。',
    ),
  },
  {
    slug: 'fit-out-tips',
    category: 'tips',
    title: L(
      'Ремонт офиса под ключ: сроки и бюджет',
      'Turnkey office fit-out: time and budget',
      'Кеңсені кілтке дейін жөндеу: мерзімі мен бюджеті',
      '办公室交钥匙装修：工期与预算',
    ),
    excerpt: L(
      'Сколько стоит отделка 100 м², что входит в арендные каникулы и как не выйти за смету.',
      'What fitting out 100 m² costs, what a rent-free period covers and how to stay on budget.',
      '100 м² әрлеу қанша тұрады, жалдау демалысына не кіреді және сметадан қалай асып кетпеу керек.',
      '100平方米装修费用、免租期包含什么以及如何控制预算。',
    ),
  },
  {
    slug: 'new-partners-autumn',
    category: 'news',
    title: L(
      'Новые партнёры: кофейня, фитнес и клиника',
      'New partners: a café, a gym and a clinic',
      'Жаңа серіктестер: кофехана, фитнес және клиника',
      '新合作伙伴：咖啡馆、健身房和诊所',
    ),
    excerpt: L(
      'В бизнес-центре открылись три новых сервиса со скидками для арендаторов.',
      'Three new services with tenant discounts have opened in the business centre.',
      'Бизнес-орталықта жалға алушыларға жеңілдігі бар үш жаңа сервис ашылды.',
      '商务中心新开三家服务商，租户享受折扣。',
    ),
  },
  {
    slug: 'buying-office-installments',
    category: 'legal',
    title: L(
      'Покупка офиса в рассрочку: условия и риски',
      'Buying an office in installments: terms and risks',
      'Кеңсені бөліп төлеуге сатып алу: шарттары мен тәуекелдері',
      '分期购买办公室：条件与风险',
    ),
    excerpt: L(
      'Рассрочка до 24 месяцев и ипотека до 15 лет: сравниваем варианты финансирования.',
      'Installments up to 24 months and mortgages up to 15 years: comparing ways to finance.',
      '24 айға дейін бөліп төлеу және 15 жылға дейін ипотека: қаржыландыру нұсқаларын салыстырамыз.',
      '最长24个月分期与最长15年抵押贷款：融资方式比较。',
    ),
  },
  {
    slug: 'security-system-update',
    category: 'business-center',
    title: L(
      'Обновлена система безопасности и доступа',
      'The security and access system has been upgraded',
      'Қауіпсіздік және кіру жүйесі жаңартылды',
      '安保与门禁系统升级',
    ),
    excerpt: L(
      'Пропуска в смартфоне, гостевые QR-коды и круглосуточная охрана.',
      'Passes on your phone, guest QR codes and round-the-clock security.',
      'Смартфондағы рұқсатнамалар, қонақтарға QR-кодтар және тәулік бойғы күзет.',
      '手机通行证、访客二维码和全天候安保。',
    ),
  },
  {
    slug: 'almaty-business-districts',
    category: 'market',
    title: L(
      'Деловые районы Алматы: где искать офис',
      'Almaty business districts: where to look for an office',
      'Алматының іскерлік аудандары: кеңсені қайдан іздеу керек',
      '阿拉木图商务区：去哪里找办公室',
    ),
    excerpt: L(
      'Бостандыкский, Медеуский и Алмалинский районы: транспорт, инфраструктура и ставки.',
      'Bostandyk, Medeu and Almaly districts: transport, amenities and rents.',
      'Бостандық, Медеу және Алмалы аудандары: көлік, инфрақұрылым және мөлшерлемелер.',
      '博斯坦德克区、麦迪奥区和阿尔马林区：交通、配套与租金。',
    ),
  },
  {
    slug: 'negotiating-rent',
    category: 'tips',
    title: L(
      'Как договориться о ставке аренды',
      'How to negotiate the rent',
      'Жалдау мөлшерлемесі туралы қалай келісуге болады',
      '如何谈判租金',
    ),
    excerpt: L(
      'Долгий срок, предоплата и гибкие условия: аргументы, которые работают.',
      'A longer term, prepayment and flexible conditions: arguments that work.',
      'Ұзақ мерзім, алдын ала төлем және икемді шарттар: жұмыс істейтін дәлелдер.',
      '更长租期、预付款和灵活条件：有效的谈判筹码。',
    ),
  },
  {
    slug: 'ev-charging-stations',
    category: 'news',
    title: L(
      'В паркинге установлены зарядные станции',
      'Charging stations installed in the car park',
      'Паркингте зарядтау станциялары орнатылды',
      '停车场安装充电桩',
    ),
    excerpt: L(
      'Десять станций для электромобилей доступны арендаторам и гостям бизнес-центра.',
      'Ten electric-vehicle chargers are available to tenants and visitors.',
      'Электромобильдерге арналған он станция жалға алушылар мен қонақтарға қолжетімді.',
      '十个电动车充电桩向租户和访客开放。',
    ),
  },
  {
    slug: 'early-termination-rules',
    category: 'legal',
    title: L('Досрочное расторжение договора аренды', 'Ending a lease early', 'Жалдау шартын мерзімінен бұрын бұзу', '提前终止租赁合同'),
    excerpt: L(
      'Уведомление за 1-3 месяца, судьба депозита и компенсации: разбираем на примерах.',
      'Notice of 1 to 3 months, the deposit and compensation, explained with examples.',
      '1-3 ай бұрын хабарлау, депозиттің тағдыры және өтемақылар: мысалдармен талдаймыз.',
      '提前1至3个月通知、押金处理与补偿：案例解析。',
    ),
  },
  {
    slug: 'business-center-anniversary',
    category: 'business-center',
    title: L('Бизнес-центру исполнилось 10 лет', 'The business centre turns 10', 'Бизнес-орталыққа 10 жыл толды', '商务中心成立十周年'),
    excerpt: L(
      'С 2015 года здание стало домом для сотен компаний. Вспоминаем главные этапы.',
      'Since 2015 the building has been home to hundreds of companies. A look back at the milestones.',
      '2015 жылдан бері ғимарат жүздеген компанияның үйіне айналды. Негізгі кезеңдерді еске аламыз.',
      '自2015年以来，这座大楼已成为数百家企业的家。回顾重要里程碑。',
    ),
  },
  {
    slug: 'draft-market-forecast-2027',
    category: 'market',
    status: 'draft',
    title: L('Прогноз рынка на 2027 год', 'Market forecast for 2027', '2027 жылға нарық болжамы', '2027年市场预测'),
    excerpt: L('Черновик аналитического обзора.', 'Draft of a market review.', 'Талдамалық шолудың жобасы.', '市场分析草稿。'),
  },
  {
    slug: 'draft-winter-events',
    category: 'business-center',
    status: 'draft',
    title: L('Зимние события для арендаторов', 'Winter events for tenants', 'Жалға алушыларға арналған қысқы іс-шаралар', '租户冬季活动'),
    excerpt: L('Черновик анонса.', 'Draft announcement.', 'Хабарландыру жобасы.', '公告草稿。'),
  },
  {
    slug: 'draft-tax-changes',
    category: 'legal',
    status: 'draft',
    title: L('Изменения в налоговом кодексе', 'Changes to the tax code', 'Салық кодексіндегі өзгерістер', '税法修订'),
    excerpt: L('Черновик статьи.', 'Draft article.', 'Мақала жобасы.', '文章草稿。'),
  },
];

/** Body paragraphs per category (ru, en, kk, zh); a post takes three to five of them. */
const PARAGRAPHS: Record<string, LocalizedText[]> = {
  market: [
    L(
      'По данным агентства, доля свободных площадей в бизнес-центрах класса А снизилась до 8%. Компании из сферы IT, финансов и консалтинга выбирают здания с развитой инфраструктурой, паркингом и удобной транспортной доступностью.',
      'According to the agency, vacancy in class A business centres has fallen to 8%. IT, finance and consulting firms choose buildings with good amenities, parking and easy transport links.',
      'Агенттіктің деректері бойынша, А класты бизнес-орталықтардағы бос алаңдардың үлесі 8%-ға дейін төмендеді. IT, қаржы және консалтинг компаниялары дамыған инфрақұрылымы, паркингі және қолайлы көлік қолжетімділігі бар ғимараттарды таңдайды.',
      '据本机构数据，甲级商务中心的空置率已降至8%。IT、金融和咨询企业青睐配套完善、设有停车场且交通便利的楼宇。',
    ),
    L(
      'Ставки аренды остаются стабильными: арендодатели предпочитают долгосрочные договоры и готовы предоставлять арендные каникулы на период ремонта. Для арендаторов это хорошая возможность зафиксировать условия на несколько лет вперёд.',
      'Rents remain stable: landlords prefer long-term leases and are ready to offer rent-free periods for fit-out. For tenants this is a good chance to lock in terms for several years.',
      'Жалдау мөлшерлемелері тұрақты: жалға берушілер ұзақ мерзімді шарттарды қалайды және жөндеу кезеңіне жалдау демалысын беруге дайын. Жалға алушылар үшін бұл шарттарды бірнеше жылға бекітудің жақсы мүмкіндігі.',
      '租金保持稳定：业主倾向于长期租约，并愿意在装修期间提供免租期。对租户而言，这是锁定未来几年条件的好机会。',
    ),
    L(
      'Наибольший спрос приходится на блоки площадью от 50 до 200 м². Небольшие компании всё чаще выбирают офисы с готовой отделкой, чтобы начать работу сразу после подписания договора.',
      'Demand is highest for units of 50 to 200 m². Small companies increasingly choose fitted offices so they can start work right after signing.',
      'Ең көп сұраныс 50-ден 200 м²-ге дейінгі блоктарға түседі. Шағын компаниялар шарт жасалғаннан кейін бірден жұмысты бастау үшін дайын әрлеуі бар кеңселерді жиі таңдайды.',
      '需求最旺盛的是50至200平方米的单元。小公司越来越多地选择精装修办公室，以便签约后即可投入使用。',
    ),
    L(
      'Эксперты ожидают, что в ближайший год на рынок выйдет ограниченный объём новых площадей, поэтому качественные офисы в центре города будут по-прежнему востребованы.',
      'Experts expect only a limited amount of new space next year, so quality offices in the city centre will stay in demand.',
      'Сарапшылар алдағы жылы нарыққа шектеулі көлемде жаңа алаңдар шығады деп күтеді, сондықтан қала орталығындағы сапалы кеңселерге сұраныс сақталады.',
      '专家预计明年新增供应有限，因此市中心的优质写字楼仍将供不应求。',
    ),
  ],
  tips: [
    L(
      'Начните с подсчёта сотрудников и формата работы. Для открытого пространства закладывайте 6-8 м² на человека, для кабинетов — 10-12 м². Не забудьте про переговорные, кухню и зону ресепшн.',
      'Start by counting staff and your way of working. Plan 6-8 m² per person for open space and 10-12 m² for private offices. Do not forget meeting rooms, a kitchen and reception.',
      'Қызметкерлер санын және жұмыс форматын есептеуден бастаңыз. Ашық кеңістік үшін бір адамға 6-8 м², кабинеттер үшін 10-12 м² жоспарлаңыз. Келіссөз бөлмелерін, асхананы және ресепшн аймағын ұмытпаңыз.',
      '先统计员工人数和工作方式。开放式办公按每人6-8平方米规划，独立办公室按10-12平方米。别忘了会议室、厨房和前台区域。',
    ),
    L(
      'Посетите помещение в разное время дня: оцените освещённость, шум и работу лифтов в часы пик. Уточните, что входит в ставку аренды — коммунальные платежи, уборка, охрана и парковка.',
      'Visit the space at different times of day: check the light, noise and lifts at rush hour. Ask what the rent includes: utilities, cleaning, security and parking.',
      'Үй-жайды күннің әр уақытында аралаңыз: жарықты, шуды және қарбалас уақыттағы лифтілердің жұмысын бағалаңыз. Жалдау ақысына не кіретінін нақтылаңыз — коммуналдық төлемдер, тазалау, күзет және тұрақ.',
      '在一天中不同时间实地考察：检查采光、噪音和高峰时段的电梯情况。问清租金包含哪些：水电、保洁、安保和停车。',
    ),
    L(
      'Договор аренды в бизнес-центре обычно заключается от 1 месяца, а депозит составляет 2-3 ежемесячных платежа. Агентская комиссия для арендатора — 50% от месячной ставки.',
      'A lease in the business centre usually starts from 1 month, and the deposit is 2-3 monthly payments. The agency fee for tenants is 50% of one month’s rent.',
      'Бизнес-орталықта жалдау шарты әдетте 1 айдан бастап жасалады, ал депозит 2-3 айлық төлемді құрайды. Жалға алушыға агенттік комиссия — айлық мөлшерлеменің 50%-ы.',
      '商务中心的租约通常1个月起租，押金为2-3个月租金。租户支付的中介佣金为月租金的50%。',
    ),
    L(
      'Оставьте запас площади на рост команды или договоритесь о праве приоритетной аренды соседних помещений — это дешевле, чем переезд через год.',
      'Leave room for growth or agree a right of first refusal on the neighbouring space: it is cheaper than moving again in a year.',
      'Команданың өсуіне алаң қалдырыңыз немесе көрші үй-жайларды басым жалға алу құқығы туралы келісіңіз — бұл бір жылдан кейін көшуден арзанырақ.',
      '预留团队扩张的空间，或约定相邻单元的优先承租权——这比一年后再搬家更省钱。',
    ),
  ],
  legal: [
    L(
      'Арендодатель, зарегистрированный плательщиком НДС, выставляет счёт-фактуру с налогом 12%. Арендатор-плательщик НДС может принять налог к зачёту, что снижает фактическую стоимость аренды.',
      'A landlord registered for VAT issues an invoice with 12% tax. A VAT-registered tenant can offset it, which lowers the real cost of the rent.',
      'ҚҚС төлеушісі ретінде тіркелген жалға беруші 12% салықпен шот-фактура жазады. ҚҚС төлеуші жалға алушы салықты есепке алуы мүмкін, бұл жалдаудың нақты құнын төмендетеді.',
      '已登记为增值税纳税人的业主开具含12%税额的发票。同为增值税纳税人的租户可进行抵扣，从而降低实际租金成本。',
    ),
    L(
      'Налог на имущество для юридических лиц составляет 1,5% от среднегодовой балансовой стоимости. Сделка купли-продажи обычно занимает 7-14 рабочих дней, комиссия для покупателя — 1-2%.',
      'Property tax for companies is 1.5% of the average annual book value. A purchase usually takes 7-14 working days, and the buyer’s fee is 1-2%.',
      'Заңды тұлғалар үшін мүлік салығы орташа жылдық баланстық құнның 1,5%-ын құрайды. Сатып алу-сату мәмілесі әдетте 7-14 жұмыс күнін алады, сатып алушыға комиссия — 1-2%.',
      '企业财产税为年均账面价值的1.5%。买卖交易通常需要7-14个工作日，买方佣金为1-2%。',
    ),
    L(
      'Проверьте в договоре порядок индексации ставки, распределение расходов на ремонт и условия досрочного расторжения: обычно требуется уведомление за 1-3 месяца.',
      'Check how the rent is indexed, who pays for repairs and the early termination terms: notice of 1-3 months is usual.',
      'Шарттағы мөлшерлемені индекстеу тәртібін, жөндеу шығындарын бөлуді және мерзімінен бұрын бұзу шарттарын тексеріңіз: әдетте 1-3 ай бұрын хабарлау талап етіледі.',
      '核查合同中的租金调整方式、维修费用分担和提前解约条件：通常需提前1-3个月通知。',
    ),
    L(
      'При покупке на этапе строительства можно получить скидку до 30%, а рассрочка от застройщика доступна на срок до 24 месяцев. Ипотека на коммерческую недвижимость выдаётся на срок до 15 лет.',
      'Buying off-plan can bring a discount of up to 30%, and developer installments run for up to 24 months. Commercial mortgages are available for up to 15 years.',
      'Құрылыс кезеңінде сатып алғанда 30%-ға дейін жеңілдік алуға болады, ал құрылыс салушыдан бөліп төлеу 24 айға дейін қолжетімді. Коммерциялық жылжымайтын мүлікке ипотека 15 жылға дейін беріледі.',
      '期房购买可享受最高30%的折扣，开发商分期最长24个月。商业地产抵押贷款期限最长15年。',
    ),
  ],
  news: [
    L(
      'Обновление прошло без остановки работы арендаторов: все работы выполнялись в нерабочее время и в выходные дни.',
      'The upgrade did not disturb tenants: all work was done outside business hours and at weekends.',
      'Жаңарту жалға алушылардың жұмысын тоқтатпай өтті: барлық жұмыстар жұмыстан тыс уақытта және демалыс күндері жүргізілді.',
      '升级未影响租户办公：所有工程均在非工作时间和周末进行。',
    ),
    L(
      'Управляющая компания благодарит арендаторов за обратную связь: большинство изменений появились по их предложениям.',
      'The management company thanks tenants for their feedback: most changes came from their suggestions.',
      'Басқарушы компания жалға алушыларға кері байланыс үшін алғыс білдіреді: өзгерістердің көбі олардың ұсыныстары бойынша енгізілді.',
      '物业管理公司感谢租户的反馈：大部分改进都来自他们的建议。',
    ),
    L(
      'Подробности можно узнать на ресепшн в холле первого этажа или по телефону +7 (727) 355-00-00 в рабочие часы: пн-пт 09:00-19:00, сб 10:00-16:00.',
      'Ask at the ground-floor reception or call +7 (727) 355-00-00 during opening hours: Mon-Fri 09:00-19:00, Sat 10:00-16:00.',
      'Толығырақ бірінші қабаттағы ресепшннен немесе жұмыс уақытында +7 (727) 355-00-00 телефоны арқылы білуге болады: дс-жм 09:00-19:00, сб 10:00-16:00.',
      '详情请咨询一楼大堂前台，或在工作时间致电 +7 (727) 355-00-00：周一至周五 09:00-19:00，周六 10:00-16:00。',
    ),
  ],
  'business-center': [
    L(
      'Бизнес-центр класса А построен в 2015 году: 25 этажей, 120 000 м² общей площади, 12 скоростных лифтов и паркинг на 500+ мест.',
      'The class A business centre was built in 2015: 25 floors, 120,000 m² in total, 12 high-speed lifts and parking for 500+ cars.',
      'А класты бизнес-орталық 2015 жылы салынған: 25 қабат, жалпы ауданы 120 000 м², 12 жылдам лифт және 500+ орындық паркинг.',
      '这座甲级商务中心建于2015年：25层，总面积12万平方米，12部高速电梯，500多个停车位。',
    ),
    L(
      'Для арендаторов работают более 15 кафе и ресторанов, банки, фитнес-клуб, медицинский центр и магазины — всё в пределах одного здания.',
      'Tenants have more than 15 cafés and restaurants, banks, a gym, a medical centre and shops, all in one building.',
      'Жалға алушылар үшін 15-тен астам кафе мен мейрамхана, банктер, фитнес-клуб, медициналық орталық және дүкендер жұмыс істейді — барлығы бір ғимаратта.',
      '租户可享受15家以上的咖啡馆和餐厅、银行、健身俱乐部、医疗中心和商店——全部位于同一栋楼内。',
    ),
    L(
      'Сейчас заполняемость здания составляет около 80%, свободные блоки есть на разных этажах — от компактных офисов до целых этажей.',
      'Occupancy is now about 80%, with free units on several floors, from compact offices to whole floors.',
      'Қазір ғимараттың толымдылығы шамамен 80%, бос блоктар әртүрлі қабаттарда бар — шағын кеңселерден бүтін қабаттарға дейін.',
      '目前大楼出租率约为80%，多个楼层仍有空置单元，从小型办公室到整层均有。',
    ),
  ],
};

const HEADINGS: LocalizedText[] = [
  L('Главное', 'Key points', 'Негізгісі', '要点'),
  L('Что это значит для арендаторов', 'What it means for tenants', 'Бұл жалға алушылар үшін нені білдіреді', '这对租户意味着什么'),
  L('Советы экспертов', 'Expert advice', 'Сарапшылар кеңесі', '专家建议'),
];

const LIST: LocalizedText[] = [
  L('Аренда от 1 месяца', 'Leases from 1 month', '1 айдан бастап жалдау', '1个月起租'),
  L('Паркинг на 500+ мест', 'Parking for 500+ cars', '500+ орындық паркинг', '500多个停车位'),
  L('Охрана 24/7', 'Security 24/7', 'Тәулік бойы күзет', '全天候安保'),
  L('Рядом станция метро', 'A metro station nearby', 'Жақын жерде метро бекеті', '附近有地铁站'),
];

const QUOTE = L(
  'Хороший офис — это инвестиция в команду: люди охотнее приходят туда, где удобно работать.',
  'A good office is an investment in your team: people are happier to come where it is comfortable to work.',
  'Жақсы кеңсе — командаға салынған инвестиция: адамдар жұмыс істеуге ыңғайлы жерге ықыласпен келеді.',
  '好的办公室是对团队的投资：人们更愿意去工作舒适的地方。',
);

const AUTHOR_ROLES: LocalizedText[] = [
  L('Аналитик рынка', 'Market analyst', 'Нарық талдаушысы', '市场分析师'),
  L('Брокер по коммерческой недвижимости', 'Commercial property broker', 'Коммерциялық жылжымайтын мүлік брокері', '商业地产经纪人'),
  L('Автор', 'Author', 'Автор', '作者'),
];

/** The HTML body of a post in one language (paragraphs, a heading, a list, sometimes a quote). */
function body(
  lang: keyof LocalizedText,
  excerpt: LocalizedText,
  paragraphs: LocalizedText[],
  heading: LocalizedText,
  withList: boolean,
  withQuote: boolean,
): string {
  const p = (t: LocalizedText) => `<p>${escapeHtml(t[lang])}</p>`;
  const parts = [
    `<p><strong>${escapeHtml(excerpt[lang])}</strong></p>`,
    p(paragraphs[0]),
    `<h2>${escapeHtml(heading[lang])}</h2>`,
    ...paragraphs.slice(1).map(p),
  ];
  if (withList) parts.push(`<ul>${LIST.map((i) => `<li>${escapeHtml(i[lang])}</li>`).join('')}</ul>`);
  if (withQuote) parts.push(`<blockquote>${escapeHtml(QUOTE[lang])}</blockquote>`);
  parts.push(
    `<p><a href="/catalog" title="${escapeHtml(lang === 'ru' ? 'Каталог' : lang === 'en' ? 'Catalogue' : lang === 'kk' ? 'Каталог' : '目录')}">${escapeHtml(
      lang === 'ru'
        ? 'Смотреть помещения в каталоге'
        : lang === 'en'
          ? 'See the spaces in the catalogue'
          : lang === 'kk'
            ? 'Каталогтағы үй-жайларды қарау'
            : '在目录中查看房源',
    )}</a></p>`,
  );
  return parts.join('\n');
}

export const BLOG_COVER_COUNT = 8;
const COVER_W = 1200;
const COVER_H = 630;

export function blogCoverKey(n: number): string {
  return `blog/demo/cover-${String(n).padStart(2, '0')}.jpg`;
}

/** An abstract cover: a gradient sky, the mountains and a few towers (deterministic for n). */
export function blogCoverSvg(n: number): string {
  const r = new Random(hashSeed('blog-cover', n));
  const hue = r.float(0, 360);
  const sky = `hsl(${hue.toFixed(0)},55%,${r.float(45, 60).toFixed(0)}%)`;
  const sky2 = `hsl(${((hue + 40) % 360).toFixed(0)},60%,${r.float(75, 88).toFixed(0)}%)`;
  let towers = '';
  for (let x = 40; x < COVER_W - 40; x += r.float(70, 140)) {
    const w = r.float(50, 110);
    const h = r.float(120, 380);
    towers += `<rect x="${x.toFixed(0)}" y="${(COVER_H - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="hsl(${hue.toFixed(0)},25%,${r.float(18, 32).toFixed(0)}%)" opacity="0.92"/>`;
  }
  const ridge = Array.from({ length: 9 }, (_, i) => `${(i * 150).toFixed(0)},${r.float(250, 360).toFixed(0)}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_W}" height="${COVER_H}" viewBox="0 0 ${COVER_W} ${COVER_H}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="${COVER_W}" height="${COVER_H}" fill="url(#s)"/><polygon points="0,${COVER_H} ${ridge} ${COVER_W},${COVER_H}" fill="hsl(215,20%,70%)" opacity="0.8"/><circle cx="${r.float(150, 1050).toFixed(0)}" cy="${r.float(80, 180).toFixed(0)}" r="${r.float(30, 60).toFixed(0)}" fill="hsl(45,95%,85%)" opacity="0.85"/>${towers}</svg>`;
}

/** Writes the cover images that are missing; returns their keys. */
export async function ensureBlogCovers(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 1; n <= BLOG_COVER_COUNT; n++) {
    const key = blogCoverKey(n);
    if (!(await storage.exists(key))) {
      await storage.put(
        key,
        await openImage(Buffer.from(blogCoverSvg(n)))
          .jpeg({ quality: 82 })
          .toBuffer(),
      );
    }
    keys.push(key);
  }
  return keys;
}

export interface GeneratedBlogPost {
  id: string;
  slug: string;
  category: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  content: LocalizedText;
  coverImageKey: string;
  author: number;
  authorRole: LocalizedText;
  status: BlogPostStatus;
  publishedAt: Date | null;
  createdAt: Date;
  readingTimeMinutes: number;
  viewsCount: number;
}

/** The demo posts (24 published, 3 drafts), newest first. */
export function generateBlogPosts(seed: number, referenceDate: Date, authorCount: number): GeneratedBlogPost[] {
  const r = new Random(hashSeed(seed, 'blog'));
  return POSTS.map((def, i) => {
    const pool = PARAGRAPHS[def.category] ?? PARAGRAPHS.news;
    const paragraphs = [...r.shuffle(pool), ...r.shuffle(PARAGRAPHS['business-center'])].slice(0, r.int(3, Math.min(5, pool.length + 3)));
    const heading = r.pick(HEADINGS);
    const withList = r.chance(0.5);
    const withQuote = r.chance(0.4);
    const content = {
      ru: body('ru', def.excerpt, paragraphs, heading, withList, withQuote),
      en: body('en', def.excerpt, paragraphs, heading, withList, withQuote),
      kk: body('kk', def.excerpt, paragraphs, heading, withList, withQuote),
      zh: body('zh', def.excerpt, paragraphs, heading, withList, withQuote),
    };
    const status = def.status ?? 'published';
    const at = new Date(referenceDate.getTime() - (i * 4 * 24 + r.int(1, 20)) * 3600 * 1000);
    return {
      id: r.uuid(),
      slug: def.slug,
      category: def.category,
      title: def.title,
      excerpt: def.excerpt,
      content,
      coverImageKey: blogCoverKey((i % BLOG_COVER_COUNT) + 1),
      author: authorCount > 0 ? i % authorCount : -1,
      authorRole: r.pick(AUTHOR_ROLES),
      status,
      publishedAt: status === 'published' ? at : null,
      createdAt: new Date(at.getTime() - 2 * 3600 * 1000),
      readingTimeMinutes: readingTimeMinutes(content.ru),
      // Older posts have more views; a few recent ones are below the featured threshold (100).
      viewsCount: status === 'published' ? r.int(20, 90) + i * r.int(8, 30) : 0,
    };
  });
}

/**
 * Inserts the blog categories (missing ones) and, when the posts table is empty, the demo
 * posts with `authorIds` as authors. Returns how many posts were inserted.
 */
export async function insertDemoBlog(
  m: EntityManager,
  options: { seed: number; referenceDate: Date; authorIds: string[]; storage: FileStorage },
): Promise<number> {
  for (const [i, c] of BLOG_CATEGORY_DEFS.entries()) {
    await m.query(`INSERT INTO blog_categories (slug, name, sort_order) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING`, [
      c.slug,
      JSON.stringify(c.name),
      i + 1,
    ]);
  }
  const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM blog_posts`)) as Array<{ n: number }>;
  if (n > 0) return 0;
  await ensureBlogCovers(options.storage);
  const categories = new Map(
    ((await m.query(`SELECT id, slug FROM blog_categories`)) as Array<{ id: number; slug: string }>).map((c) => [c.slug, c.id]),
  );
  const posts = generateBlogPosts(options.seed, options.referenceDate, options.authorIds.length);
  await m
    .createQueryBuilder()
    .insert()
    .into(BlogPost)
    .values(
      posts.map(({ category, author, ...p }) => ({
        ...p,
        categoryId: categories.get(category) ?? null,
        authorId: author >= 0 ? options.authorIds[author] : null,
        seoTitle: null,
        seoDescription: null,
        seoKeywords: null,
        updatedAt: p.publishedAt ?? p.createdAt,
      })),
    )
    .updateEntity(false)
    .execute();
  return posts.length;
}
