/**
 * Field messages of the listing form and API (issue 21, spec 02 §5 bounds), ru/en/kk/zh.
 * Spread into MESSAGES (messages.ts).
 */
export const LISTING_MESSAGES = {
  'listing.title': {
    ru: 'Заголовок: от 5 до 200 символов (русский обязателен)',
    en: 'Title: 5 to 200 characters (Russian is required)',
    kk: 'Тақырып: 5-тен 200 таңбаға дейін (орысша міндетті)',
    zh: '标题：5 到 200 个字符（俄语必填）',
  },
  'listing.description': {
    ru: 'Описание: от 20 до 2000 символов (русское обязательно)',
    en: 'Description: 20 to 2000 characters (Russian is required)',
    kk: 'Сипаттама: 20-дан 2000 таңбаға дейін (орысша міндетті)',
    zh: '描述：20 到 2000 个字符（俄语必填）',
  },
  'listing.price': {
    ru: 'Цена: не менее 1000 ₸',
    en: 'Price: at least 1000 ₸',
    kk: 'Баға: кемінде 1000 ₸',
    zh: '价格：不少于 1000 ₸',
  },
  'listing.area': { ru: 'Площадь: не менее 1 м²', en: 'Area: at least 1 m²', kk: 'Аудан: кемінде 1 м²', zh: '面积：不少于 1 平方米' },
  'listing.address': {
    ru: 'Адрес: от 10 до 200 символов',
    en: 'Address: 10 to 200 characters',
    kk: 'Мекенжай: 10-нан 200 таңбаға дейін',
    zh: '地址：10 到 200 个字符',
  },
  'listing.city': {
    ru: 'Город: от 2 до 50 символов',
    en: 'City: 2 to 50 characters',
    kk: 'Қала: 2-ден 50 таңбаға дейін',
    zh: '城市：2 到 50 个字符',
  },
  'listing.rooms': { ru: 'Комнат: от 0 до 20', en: 'Rooms: 0 to 20', kk: 'Бөлмелер: 0-ден 20-ға дейін', zh: '房间数：0 到 20' },
  'listing.floor': { ru: 'Этаж: от 0 до 200', en: 'Floor: 0 to 200', kk: 'Қабат: 0-ден 200-ге дейін', zh: '楼层：0 到 200' },
  'listing.totalFloors': {
    ru: 'Этажность: от 1 до 200',
    en: 'Total floors: 1 to 200',
    kk: 'Қабат саны: 1-ден 200-ге дейін',
    zh: '总楼层：1 到 200',
  },
  'listing.floorAboveTotal': {
    ru: 'Этаж не может быть выше этажности здания',
    en: 'The floor cannot be above the building’s total floors',
    kk: 'Қабат ғимараттың қабат санынан жоғары болмауы керек',
    zh: '楼层不能高于建筑总楼层',
  },
  'listing.yearBuilt': {
    ru: 'Год постройки: от 1800 до текущего года + 5',
    en: 'Year built: 1800 to the current year + 5',
    kk: 'Салынған жылы: 1800-ден ағымдағы жыл + 5-ке дейін',
    zh: '建造年份：1800 到当前年份 + 5',
  },
  'listing.latitude': { ru: 'Широта: от -90 до 90', en: 'Latitude: -90 to 90', kk: 'Ендік: -90-нан 90-ға дейін', zh: '纬度：-90 到 90' },
  'listing.longitude': {
    ru: 'Долгота: от -180 до 180',
    en: 'Longitude: -180 to 180',
    kk: 'Бойлық: -180-нен 180-ге дейін',
    zh: '经度：-180 到 180',
  },
  'listing.unknownRef': {
    ru: 'Такой записи нет в справочнике',
    en: 'No such entry in the reference list',
    kk: 'Анықтамалықта мұндай жазба жоқ',
    zh: '参考列表中没有此项',
  },
  'listing.reason': {
    ru: 'Причина: от 3 до 500 символов',
    en: 'Reason: 3 to 500 characters',
    kk: 'Себеп: 3-тен 500 таңбаға дейін',
    zh: '原因：3 到 500 个字符',
  },
  'listing.notOnModeration': {
    ru: 'Объект не ожидает модерации',
    en: 'The listing is not awaiting moderation',
    kk: 'Нысан модерацияны күтпейді',
    zh: '该房源不在审核中',
  },
  'listing.notDeleted': {
    ru: 'Объект не удалён',
    en: 'The listing is not deleted',
    kk: 'Нысан жойылмаған',
    zh: '该房源未被删除',
  },
  'listing.notOwner': {
    ru: 'Изменять объект может только его автор или администратор',
    en: 'Only the author or an administrator may change this listing',
    kk: 'Нысанды тек авторы немесе әкімші өзгерте алады',
    zh: '只有作者或管理员可以修改此房源',
  },
  'listing.bulkIds': {
    ru: 'Выберите от 1 до 100 объектов',
    en: 'Select 1 to 100 listings',
    kk: '1-ден 100-ге дейін нысан таңдаңыз',
    zh: '请选择 1 到 100 个房源',
  },
} as const;
