/**
 * Messages of the reference-data administration (issue 21; spec 02 §2 /dashboard/admin/
 * property-categories, /property-types, /building-complexes), ru/en/kk/zh. Spread into MESSAGES
 * (messages.ts). `{listings}` and `{subcategories}` are filled in by translateMessage's params.
 */
export const REFERENCE_MESSAGES = {
  'reference.name': {
    ru: 'Название: от 2 до 100 символов (русское обязательно)',
    en: 'Name: 2 to 100 characters (Russian is required)',
    kk: 'Атауы: 2-ден 100 таңбаға дейін (орысша міндетті)',
    zh: '名称：2 到 100 个字符（俄语必填）',
  },
  'reference.description': {
    ru: 'Описание: не более 500 символов на каждом языке',
    en: 'Description: at most 500 characters per language',
    kk: 'Сипаттама: әр тілде 500 таңбадан аспауы керек',
    zh: '描述：每种语言不超过 500 个字符',
  },
  'reference.slug': {
    ru: 'Адрес (slug): латинские буквы, цифры и дефисы, например office-space',
    en: 'Slug: Latin letters, digits and hyphens, e.g. office-space',
    kk: 'Мекенжай (slug): латын әріптері, сандар және сызықшалар, мысалы office-space',
    zh: '别名（slug）：拉丁字母、数字和连字符，例如 office-space',
  },
  'reference.slugTaken': {
    ru: 'Такой адрес (slug) уже занят',
    en: 'This slug is already taken',
    kk: 'Бұл мекенжай (slug) бос емес',
    zh: '该别名（slug）已被占用',
  },
  'reference.sortOrder': {
    ru: 'Порядок: целое число от 0 до 10000',
    en: 'Order: a whole number from 0 to 10000',
    kk: 'Рет: 0-ден 10000-ға дейінгі бүтін сан',
    zh: '顺序：0 到 10000 之间的整数',
  },
  'reference.address': {
    ru: 'Адрес: от 5 до 200 символов',
    en: 'Address: 5 to 200 characters',
    kk: 'Мекенжай: 5-тен 200 таңбаға дейін',
    zh: '地址：5 到 200 个字符',
  },
  'reference.totalFloors': {
    ru: 'Этажность: от 1 до 200',
    en: 'Total floors: 1 to 200',
    kk: 'Қабат саны: 1-ден 200-ге дейін',
    zh: '总楼层：1 到 200',
  },
  'reference.yearBuilt': {
    ru: 'Год постройки: от 1800 до 2100',
    en: 'Year built: 1800 to 2100',
    kk: 'Салынған жылы: 1800-ден 2100-ге дейін',
    zh: '建造年份：1800 到 2100',
  },
  'reference.search': {
    ru: 'Поиск: не более 100 символов',
    en: 'Search: at most 100 characters',
    kk: 'Іздеу: 100 таңбадан аспауы керек',
    zh: '搜索：不超过 100 个字符',
  },
  'reference.categoryInUse': {
    ru: 'Категорию нельзя удалить: она используется (объектов: {listings}, подкатегорий: {subcategories})',
    en: 'The category cannot be deleted while in use (listings: {listings}, subcategories: {subcategories})',
    kk: 'Санатты жою мүмкін емес: ол пайдаланылуда (нысандар: {listings}, ішкі санаттар: {subcategories})',
    zh: '该类别正在使用中，无法删除（房源：{listings}，子类别：{subcategories}）',
  },
  'reference.subcategoryInUse': {
    ru: 'Подкатегорию нельзя удалить: она используется (объектов: {listings})',
    en: 'The subcategory cannot be deleted while in use (listings: {listings})',
    kk: 'Ішкі санатты жою мүмкін емес: ол пайдаланылуда (нысандар: {listings})',
    zh: '该子类别正在使用中，无法删除（房源：{listings}）',
  },
  'reference.typeInUse': {
    ru: 'Тип недвижимости нельзя удалить: он используется (объектов: {listings})',
    en: 'The property type cannot be deleted while in use (listings: {listings})',
    kk: 'Жылжымайтын мүлік түрін жою мүмкін емес: ол пайдаланылуда (нысандар: {listings})',
    zh: '该物业类型正在使用中，无法删除（房源：{listings}）',
  },
  'reference.complexInUse': {
    ru: 'Комплекс нельзя удалить: он используется (объектов: {listings})',
    en: 'The building complex cannot be deleted while in use (listings: {listings})',
    kk: 'Кешенді жою мүмкін емес: ол пайдаланылуда (нысандар: {listings})',
    zh: '该楼宇综合体正在使用中，无法删除（房源：{listings}）',
  },
} as const;
