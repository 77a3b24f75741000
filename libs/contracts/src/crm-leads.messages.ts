/**
 * Messages of the CRM's leads (issue 22; spec 02 §3 Lead, §7 "CRM leads"), ru/en/kk/zh. Spread
 * into MESSAGES (messages.ts).
 */
export const CRM_LEAD_MESSAGES = {
  'crmLead.contactRequired': {
    ru: 'Укажите телефон или e-mail',
    en: 'Enter a phone or an e-mail',
    kk: 'Телефонды немесе e-mail-ді көрсетіңіз',
    zh: '请填写电话或电子邮箱',
  },
  'crmLead.telegram': {
    ru: 'Telegram: имя пользователя из 5-32 латинских букв, цифр и _',
    en: 'Telegram: a username of 5-32 Latin letters, digits and _',
    kk: 'Telegram: 5-32 латын әрпі, сан және _ тұратын пайдаланушы аты',
    zh: 'Telegram：5-32 个拉丁字母、数字和下划线组成的用户名',
  },
  'crmLead.duration': {
    ru: 'Длительность: секунды или минуты:секунды, не больше суток',
    en: 'Duration: seconds or minutes:seconds, at most one day',
    kk: 'Ұзақтығы: секунд немесе минут:секунд, бір тәуліктен аспауы керек',
    zh: '时长：秒数或 分:秒，不超过一天',
  },
  'crmLead.agent': {
    ru: 'Выберите активного сотрудника отдела продаж',
    en: 'Choose an active sales agent',
    kk: 'Белсенді сату қызметкерін таңдаңыз',
    zh: '请选择一名在职的销售人员',
  },
  'crmLead.assignSelf': {
    ru: 'Сотрудник может взять лид только на себя',
    en: 'An agent may only take a lead for themself',
    kk: 'Қызметкер лидті тек өзіне ала алады',
    zh: '销售人员只能把线索分配给自己',
  },
  'crmLead.client': {
    ru: 'Клиент не найден',
    en: 'Client not found',
    kk: 'Клиент табылмады',
    zh: '未找到客户',
  },
  'crmLead.property': {
    ru: 'Объект не найден',
    en: 'Listing not found',
    kk: 'Нысан табылмады',
    zh: '未找到房源',
  },
  'crmLead.mergeTarget': {
    ru: 'Выберите другой действующий лид',
    en: 'Choose another live lead',
    kk: 'Басқа белсенді лидті таңдаңыз',
    zh: '请选择另一条有效线索',
  },
  LEAD_ALREADY_CONVERTED: {
    ru: 'Лид уже конвертирован в сделку',
    en: 'The lead has already been converted',
    kk: 'Лид мәмілеге айналдырылып қойған',
    zh: '该线索已转化',
  },
  LEAD_CONVERTED_LOCKED: {
    ru: 'Конвертированный лид нельзя объединить',
    en: 'A converted lead cannot be merged',
    kk: 'Айналдырылған лидті біріктіруге болмайды',
    zh: '已转化的线索不能合并',
  },
} as const;
