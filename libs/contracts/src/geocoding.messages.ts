/**
 * Messages of address search (spec 02 §5, §7, §9): its field messages and the two error codes
 * of the geocoding provider. Spread into MESSAGES (messages.ts); kept apart so that file does
 * not grow with every area.
 */
export const GEOCODING_MESSAGES = {
  GEOCODER_TIMEOUT: {
    ru: 'Сервис поиска адресов не ответил вовремя. Попробуйте ещё раз',
    en: 'The address search service did not answer in time. Please try again',
    kk: 'Мекенжай іздеу қызметі уақытында жауап бермеді. Қайталап көріңіз',
    zh: '地址搜索服务未及时响应，请重试',
  },
  GEOCODER_UNAVAILABLE: {
    ru: 'Сервис поиска адресов временно недоступен',
    en: 'The address search service is temporarily unavailable',
    kk: 'Мекенжай іздеу қызметі уақытша қолжетімсіз',
    zh: '地址搜索服务暂时不可用',
  },
  'geocode.queryRequired': { ru: 'Введите адрес', en: 'Enter an address', kk: 'Мекенжайды енгізіңіз', zh: '请输入地址' },
  'geocode.queryLength': {
    ru: 'Адрес должен быть от 1 до 200 символов',
    en: 'The address must be 1 to 200 characters long',
    kk: 'Мекенжай 1-ден 200 таңбаға дейін болуы керек',
    zh: '地址长度必须为 1 到 200 个字符',
  },
  'geocode.results': {
    ru: 'Количество результатов должно быть от 1 до 10',
    en: 'The number of results must be between 1 and 10',
    kk: 'Нәтижелер саны 1-ден 10-ға дейін болуы керек',
    zh: '结果数量必须在 1 到 10 之间',
  },
  'geocode.lat': {
    ru: 'Широта должна быть числом от -90 до 90',
    en: 'Latitude must be a number from -90 to 90',
    kk: 'Ендік -90-нан 90-ға дейінгі сан болуы керек',
    zh: '纬度必须是 -90 到 90 之间的数字',
  },
  'geocode.lng': {
    ru: 'Долгота должна быть числом от -180 до 180',
    en: 'Longitude must be a number from -180 to 180',
    kk: 'Бойлық -180-нен 180-ге дейінгі сан болуы керек',
    zh: '经度必须是 -180 到 180 之间的数字',
  },
} as const;
