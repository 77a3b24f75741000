/**
 * Messages of CRM clients and deals (issue 22; spec 02 §3, §5), ru/en/kk/zh. Spread into
 * MESSAGES (messages.ts).
 */
export const CRM_DEAL_MESSAGES = {
  'crm.firstNameRequired': { ru: 'Укажите имя', en: 'Enter the first name', kk: 'Атын көрсетіңіз', zh: '请输入名字' },
  'crm.lastNameRequired': { ru: 'Укажите фамилию', en: 'Enter the last name', kk: 'Тегін көрсетіңіз', zh: '请输入姓氏' },
  'crm.companyRequired': {
    ru: 'Укажите название компании',
    en: 'Enter the company name',
    kk: 'Компания атауын көрсетіңіз',
    zh: '请输入公司名称',
  },
  'crm.bin': {
    ru: 'БИН: 12 цифр с верной контрольной цифрой',
    en: 'BIN: 12 digits with a valid check digit',
    kk: 'БСН: дұрыс бақылау цифры бар 12 цифр',
    zh: 'BIN：12 位数字且校验位正确',
  },
  'crm.telegram': {
    ru: 'Telegram: имя пользователя из 5-32 латинских букв, цифр или _',
    en: 'Telegram: a username of 5-32 Latin letters, digits or _',
    kk: 'Telegram: 5-32 латын әрпі, цифр немесе _ тұратын пайдаланушы аты',
    zh: 'Telegram：5-32 个拉丁字母、数字或 _ 组成的用户名',
  },
  'crm.contactsMax': {
    ru: 'Не более 20 контактных лиц',
    en: 'At most 20 contact persons',
    kk: '20-дан аспайтын байланыс тұлғасы',
    zh: '联系人最多 20 位',
  },
  'crm.contactName': {
    ru: 'У каждого контактного лица должно быть имя',
    en: 'Every contact person needs a name',
    kk: 'Әр байланыс тұлғасының аты болуы керек',
    zh: '每位联系人都需要姓名',
  },
  'crm.dealTitle': {
    ru: 'Название сделки: от 2 до 200 символов',
    en: 'Deal title: 2 to 200 characters',
    kk: 'Мәміле атауы: 2-ден 200 таңбаға дейін',
    zh: '交易名称：2 到 200 个字符',
  },
  'crm.probability': {
    ru: 'Вероятность: от 0 до 100 %',
    en: 'Probability: 0 to 100 %',
    kk: 'Ықтималдық: 0-ден 100 %-ға дейін',
    zh: '概率：0 到 100 %',
  },
  'crm.lostReason': {
    ru: 'Укажите причину проигрыша',
    en: 'Enter the reason the deal was lost',
    kk: 'Мәміленің сәтсіз болу себебін көрсетіңіз',
    zh: '请填写交易失败的原因',
  },
  'crm.useClose': {
    ru: 'Закрыть сделку можно только действием «Закрыть»',
    en: 'A deal is won or lost only through Close',
    kk: 'Мәміле тек «Жабу» әрекетімен жабылады',
    zh: '只能通过“关闭”操作将交易标记为成交或失败',
  },
  'crm.dealClosed': {
    ru: 'Сделка уже закрыта',
    en: 'The deal is already closed',
    kk: 'Мәміле жабылып қойған',
    zh: '交易已关闭',
  },
  'crm.ownerSupervisorOnly': {
    ru: 'Ответственного меняет только руководитель',
    en: 'Only a manager changes the owner',
    kk: 'Жауаптыны тек басшы өзгертеді',
    zh: '只有主管可以更改负责人',
  },
  'crm.ownerNotStaff': {
    ru: 'Ответственный должен быть сотрудником',
    en: 'The owner must be a staff member',
    kk: 'Жауапты қызметкер болуы керек',
    zh: '负责人必须是员工',
  },
  'crm.notFoundRef': { ru: 'Запись не найдена', en: 'Record not found', kk: 'Жазба табылмады', zh: '未找到记录' },
  CLIENT_HAS_OPEN_DEALS: {
    ru: 'У клиента есть открытые сделки: сначала закройте их',
    en: 'The client has open deals: close them first',
    kk: 'Клиенттің ашық мәмілелері бар: алдымен оларды жабыңыз',
    zh: '该客户有未关闭的交易：请先关闭',
  },
  DEAL_CLOSED: {
    ru: 'Сделка уже закрыта',
    en: 'The deal is already closed',
    kk: 'Мәміле жабылып қойған',
    zh: '交易已关闭',
  },
} as const;
