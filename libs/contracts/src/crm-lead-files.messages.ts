/**
 * Messages of the lead import and export (issue 22 "Leads": import with column mapping, dry run,
 * per-row errors, duplicates; spec 02 §2). Spread into MESSAGES (messages.ts).
 */
export const CRM_LEAD_FILE_MESSAGES = {
  'leadImport.contactRequired': {
    ru: 'Нужен телефон или e-mail',
    en: 'A phone number or an e-mail is required',
    kk: 'Телефон немесе e-mail қажет',
    zh: '需要电话或电子邮件',
  },
  'leadImport.phoneInvalid': {
    ru: 'Телефон должен содержать от 5 до 15 цифр',
    en: 'The phone number must have 5 to 15 digits',
    kk: 'Телефонда 5-тен 15-ке дейін сан болуы керек',
    zh: '电话号码必须包含 5 到 15 位数字',
  },
  'leadImport.emailInvalid': {
    ru: 'Некорректный e-mail',
    en: 'Invalid e-mail',
    kk: 'E-mail дұрыс емес',
    zh: '电子邮件无效',
  },
  'leadImport.fileType': {
    ru: 'Загрузите файл CSV или XLSX',
    en: 'Upload a CSV or XLSX file',
    kk: 'CSV немесе XLSX файлын жүктеңіз',
    zh: '请上传 CSV 或 XLSX 文件',
  },
  'leadImport.mappingDuplicate': {
    ru: 'Одно поле выбрано для нескольких колонок',
    en: 'One field is chosen for more than one column',
    kk: 'Бір өріс бірнеше бағанға таңдалған',
    zh: '同一字段被分配给了多个列',
  },
  'leadImport.mappingContact': {
    ru: 'Сопоставьте колонку с телефоном или e-mail',
    en: 'Map a column to the phone or the e-mail',
    kk: 'Телефон немесе e-mail бағанын сәйкестендіріңіз',
    zh: '请将某一列对应到电话或电子邮件',
  },
  'leadImport.mappingColumns': {
    ru: 'Сопоставление не совпадает с колонками файла',
    en: 'The mapping does not match the columns of the file',
    kk: 'Сәйкестендіру файл бағандарына сәйкес келмейді',
    zh: '映射与文件的列不一致',
  },
  'leadImport.notReady': {
    ru: 'Импорт ещё не готов к запуску или уже выполнен',
    en: 'The import is not ready to run or has already run',
    kk: 'Импорт іске қосуға дайын емес немесе орындалып қойған',
    zh: '导入尚未就绪或已执行',
  },
  'leadImport.unreadable': {
    ru: 'Файл не удалось прочитать',
    en: 'The file could not be read',
    kk: 'Файлды оқу мүмкін болмады',
    zh: '无法读取该文件',
  },
  'leadImport.empty': {
    ru: 'В файле нет строки заголовков',
    en: 'The file has no header row',
    kk: 'Файлда тақырып жолы жоқ',
    zh: '文件没有标题行',
  },
} as const;
