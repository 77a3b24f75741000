/** Messages of presentations (issue 23), ru/en/kk/zh. Spread into MESSAGES (messages.ts). */
export const PRESENTATION_MESSAGES = {
  'presentations.propertyIds': {
    ru: 'Выберите от 1 до 20 объектов',
    en: 'Choose 1 to 20 listings',
    kk: '1-ден 20-ға дейін нысан таңдаңыз',
    zh: '请选择 1 到 20 个房源',
  },
  'presentations.propertyUnknown': {
    ru: 'Некоторые объекты не найдены',
    en: 'Some listings were not found',
    kk: 'Кейбір нысандар табылмады',
    zh: '部分房源不存在',
  },
  'presentations.template': {
    ru: 'Выберите шаблон',
    en: 'Choose a template',
    kk: 'Үлгіні таңдаңыз',
    zh: '请选择模板',
  },
  'presentations.selectionOrFilter': {
    ru: 'Выберите объекты или задайте фильтр',
    en: 'Choose listings or set a filter',
    kk: 'Нысандарды таңдаңыз немесе сүзгі орнатыңыз',
    zh: '请选择房源或设置筛选条件',
  },
  'presentations.bulkEmpty': {
    ru: 'Под фильтр не попал ни один объект',
    en: 'No listing matches the filter',
    kk: 'Сүзгіге бірде-бір нысан сәйкес келмеді',
    zh: '没有符合筛选条件的房源',
  },
  'presentations.bulkTooMany': {
    ru: 'Слишком много презентаций: {count}, допустимо не более {max}',
    en: 'Too many presentations: {count}, at most {max} allowed',
    kk: 'Презентациялар тым көп: {count}, ең көбі {max}',
    zh: '演示文稿过多：{count} 个，最多 {max} 个',
  },
  'presentations.notReady': {
    ru: 'Презентация ещё не готова',
    en: 'The presentation is not ready yet',
    kk: 'Презентация әлі дайын емес',
    zh: '演示文稿尚未生成',
  },
  'presentations.expired': {
    ru: 'Срок хранения файла истёк',
    en: 'The file has expired',
    kk: 'Файлды сақтау мерзімі өтті',
    zh: '文件已过期',
  },
  'presentations.notFailed': {
    ru: 'Повторить можно только неудавшуюся презентацию',
    en: 'Only a failed presentation can be retried',
    kk: 'Тек сәтсіз презентацияны қайталауға болады',
    zh: '只能重试失败的演示文稿',
  },
  'presentations.listingsGone': {
    ru: 'Объекты презентации удалены',
    en: 'The listings of the presentation were deleted',
    kk: 'Презентацияның нысандары жойылған',
    zh: '演示文稿的房源已被删除',
  },
  'presentations.renderFailed': {
    ru: 'Не удалось создать файл',
    en: 'The file could not be made',
    kk: 'Файлды жасау мүмкін болмады',
    zh: '无法生成文件',
  },
  'presentations.batchEmpty': {
    ru: 'В пакете нет готовых файлов',
    en: 'The batch has no finished files',
    kk: 'Пакетте дайын файлдар жоқ',
    zh: '该批次没有已生成的文件',
  },
} as const;
