/**
 * Messages of the blog desk (issue 23; spec 02 §2 Blog, §7 Blog), ru/en/kk/zh.
 * Spread into MESSAGES (messages.ts).
 */
export const BLOG_DESK_MESSAGES = {
  'blogDesk.title': {
    ru: 'Заголовок: от 3 до 200 символов (русский обязателен)',
    en: 'Title: 3 to 200 characters (Russian required)',
    kk: 'Тақырып: 3-тен 200 таңбаға дейін (орысша міндетті)',
    zh: '标题：3 到 200 个字符（俄语必填）',
  },
  'blogDesk.excerpt': {
    ru: 'Анонс: не длиннее 500 символов',
    en: 'Excerpt: at most 500 characters',
    kk: 'Аңдатпа: 500 таңбадан аспауы керек',
    zh: '摘要：最多 500 个字符',
  },
  'blogDesk.content': {
    ru: 'Введите текст статьи (русский обязателен)',
    en: 'Enter the article text (Russian required)',
    kk: 'Мақала мәтінін енгізіңіз (орысша міндетті)',
    zh: '请输入文章正文（俄语必填）',
  },
  'blogDesk.contentEmpty': {
    ru: 'После очистки от недопустимой разметки текст пуст',
    en: 'Nothing is left of the text once unsafe markup is removed',
    kk: 'Рұқсат етілмеген белгілеу алынғаннан кейін мәтін бос',
    zh: '删除不安全的标记后正文为空',
  },
  'blogDesk.slug': {
    ru: 'Адрес: латиница, цифры и дефисы, до 120 символов',
    en: 'Slug: latin letters, digits and hyphens, up to 120 characters',
    kk: 'Мекенжай: латын әріптері, сандар және дефистер, 120 таңбаға дейін',
    zh: '网址：拉丁字母、数字和连字符，最多 120 个字符',
  },
  'blogDesk.slugTaken': {
    ru: 'Этот адрес уже занят другой публикацией',
    en: 'Another post already uses this slug',
    kk: 'Бұл мекенжайды басқа жарияланым пайдаланады',
    zh: '该网址已被其他文章使用',
  },
  'blogDesk.cover': {
    ru: 'Загрузите обложку заново',
    en: 'Upload the cover again',
    kk: 'Мұқабаны қайта жүктеңіз',
    zh: '请重新上传封面',
  },
  'blogDesk.note': {
    ru: 'Комментарий: не длиннее 1000 символов',
    en: 'Note: at most 1000 characters',
    kk: 'Түсініктеме: 1000 таңбадан аспауы керек',
    zh: '备注：最多 1000 个字符',
  },
  'blogDesk.noteRequired': {
    ru: 'Укажите причину отклонения',
    en: 'Give the reason for the rejection',
    kk: 'Қабылдамау себебін көрсетіңіз',
    zh: '请填写拒绝原因',
  },
  'blogDesk.notApproved': {
    ru: 'Опубликовать можно только одобренную публикацию',
    en: 'Only an approved post can be published',
    kk: 'Тек мақұлданған жарияланымды жариялауға болады',
    zh: '只有已审核通过的文章才能发布',
  },
  'blogDesk.publishAt': {
    ru: 'Укажите дату и время публикации',
    en: 'Give the publication date and time',
    kk: 'Жариялау күні мен уақытын көрсетіңіз',
    zh: '请填写发布日期和时间',
  },
  'blogDesk.publishAtPast': {
    ru: 'Время публикации должно быть в будущем',
    en: 'The publication time must be in the future',
    kk: 'Жариялау уақыты болашақта болуы керек',
    zh: '发布时间必须在将来',
  },
  'blogDesk.notDraft': {
    ru: 'Запланировать можно только черновик',
    en: 'Only a draft can be scheduled',
    kk: 'Тек жобаны жоспарлауға болады',
    zh: '只能为草稿安排发布时间',
  },
  'blogDesk.startDate': {
    ru: 'Дата начала: сегодня или позже (ГГГГ-ММ-ДД)',
    en: 'Start date: today or later (YYYY-MM-DD)',
    kk: 'Басталу күні: бүгін немесе кейінірек (ЖЖЖЖ-АА-КК)',
    zh: '开始日期：今天或以后（YYYY-MM-DD）',
  },
  'blogDesk.languages': {
    ru: 'Выберите хотя бы один язык',
    en: 'Choose at least one language',
    kk: 'Кемінде бір тілді таңдаңыз',
    zh: '请至少选择一种语言',
  },
} as const;
