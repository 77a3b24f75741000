/**
 * Messages of the landing pages (issue 23 "Landing pages"; spec 02 §5, §8), ru/en/kk/zh.
 * Spread into MESSAGES (messages.ts).
 */
export const LANDING_MESSAGES = {
  'landing.template': {
    ru: 'Выберите шаблон из списка',
    en: 'Choose a template from the list',
    kk: 'Тізімнен үлгіні таңдаңыз',
    zh: '请从列表中选择模板',
  },
  'landing.title': {
    ru: 'Заголовок: от 5 до 200 символов',
    en: 'Title: 5 to 200 characters',
    kk: 'Тақырып: 5-тен 200 таңбаға дейін',
    zh: '标题：5 到 200 个字符',
  },
  'landing.slug': {
    ru: 'Адрес: от 3 до 100 символов, латинские строчные буквы, цифры и дефисы',
    en: 'Address: 3 to 100 characters, lower-case latin letters, digits and hyphens',
    kk: 'Мекенжай: 3-тен 100 таңбаға дейін, кіші латын әріптері, сандар және сызықшалар',
    zh: '地址：3 到 100 个字符，仅限小写拉丁字母、数字和连字符',
  },
  'landing.slugTaken': {
    ru: 'Этот адрес уже занят другой страницей',
    en: 'This address is already used by another page',
    kk: 'Бұл мекенжайды басқа бет қолданып отыр',
    zh: '该地址已被其他页面使用',
  },
  'landing.listingsRequired': {
    ru: 'Укажите объекты или фильтр каталога',
    en: 'Give listings or a catalogue filter',
    kk: 'Нысандарды немесе каталог сүзгісін көрсетіңіз',
    zh: '请指定房源或目录筛选条件',
  },
  'landing.propertyIds': {
    ru: 'Укажите от 1 до 50 объектов (идентификаторы)',
    en: 'Give 1 to 50 listings (ids)',
    kk: '1-ден 50-ге дейін нысан көрсетіңіз (идентификаторлар)',
    zh: '请指定 1 到 50 个房源（ID）',
  },
  'landing.propertyUnknown': {
    ru: 'Среди объектов есть неопубликованные или несуществующие',
    en: 'Some listings are not published or do not exist',
    kk: 'Нысандардың арасында жарияланбаған немесе жоқ нысандар бар',
    zh: '部分房源未发布或不存在',
  },
  'landing.filter': {
    ru: 'Недопустимый фильтр каталога',
    en: 'Invalid catalogue filter',
    kk: 'Каталог сүзгісі жарамсыз',
    zh: '目录筛选条件无效',
  },
  'landing.seoTitle': {
    ru: 'SEO-заголовок: до 200 символов',
    en: 'SEO title: up to 200 characters',
    kk: 'SEO тақырыбы: 200 таңбаға дейін',
    zh: 'SEO 标题：最多 200 个字符',
  },
  'landing.seoDescription': {
    ru: 'SEO-описание: до 400 символов',
    en: 'SEO description: up to 400 characters',
    kk: 'SEO сипаттамасы: 400 таңбаға дейін',
    zh: 'SEO 描述：最多 400 个字符',
  },
  'landing.intro': {
    ru: 'Вступление: до 5000 символов',
    en: 'Intro: up to 5000 characters',
    kk: 'Кіріспе: 5000 таңбаға дейін',
    zh: '简介：最多 5000 个字符',
  },
  'landing.notActive': {
    ru: 'Страница не опубликована: сделайте её активной, чтобы поделиться ссылкой',
    en: 'The page is not published: make it active to share its link',
    kk: 'Бет жарияланбаған: сілтемемен бөлісу үшін оны белсенді етіңіз',
    zh: '页面未发布：请先将其设为启用再分享链接',
  },
  'landing.recipients': {
    ru: 'Укажите от 1 до 20 получателей: chat id или @username',
    en: 'Give 1 to 20 recipients: a chat id or @username',
    kk: '1-ден 20-ға дейін алушы көрсетіңіз: chat id немесе @username',
    zh: '请填写 1 到 20 个接收者：chat id 或 @username',
  },
  'landing.message': {
    ru: 'Сообщение: от 1 до 3500 символов',
    en: 'Message: 1 to 3500 characters',
    kk: 'Хабарлама: 1-ден 3500 таңбаға дейін',
    zh: '消息：1 到 3500 个字符',
  },
} as const;
