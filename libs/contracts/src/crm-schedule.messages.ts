/**
 * Messages of the CRM's tasks, viewings, calendar and activity feed (issue 22), ru/en/kk/zh.
 * Spread into MESSAGES (messages.ts).
 */
export const CRM_SCHEDULE_MESSAGES = {
  'crmSchedule.title': {
    ru: 'Название: от 1 до 200 символов',
    en: 'Title: 1 to 200 characters',
    kk: 'Атауы: 1-ден 200 таңбаға дейін',
    zh: '标题：1 到 200 个字符',
  },
  'crmSchedule.duration': {
    ru: 'Длительность: от 15 до 480 минут',
    en: 'Duration: 15 to 480 minutes',
    kk: 'Ұзақтығы: 15-тен 480 минутқа дейін',
    zh: '时长：15 到 480 分钟',
  },
  'crmSchedule.property': {
    ru: 'Выберите объект',
    en: 'Choose a listing',
    kk: 'Нысанды таңдаңыз',
    zh: '请选择房源',
  },
  'crmSchedule.endBeforeStart': {
    ru: 'Окончание не может быть раньше начала',
    en: 'The end cannot be before the start',
    kk: 'Аяқталуы басталуынан ерте болмауы керек',
    zh: '结束时间不能早于开始时间',
  },
  'crmSchedule.noteBody': {
    ru: 'Заметка: от 1 до 5000 символов',
    en: 'Note: 1 to 5000 characters',
    kk: 'Жазба: 1-ден 5000 таңбаға дейін',
    zh: '备注：1 到 5000 个字符',
  },
  'crmSchedule.assignSelf': {
    ru: 'Сотрудник может назначать задачи только себе',
    en: 'An employee may only assign tasks to themselves',
    kk: 'Қызметкер тапсырмаларды тек өзіне тағайындай алады',
    zh: '员工只能把任务分配给自己',
  },
  'crmSchedule.agentSelf': {
    ru: 'Сотрудник может назначать показы только себе',
    en: 'An employee may only book viewings for themselves',
    kk: 'Қызметкер көрсетілімдерді тек өзіне тағайындай алады',
    zh: '员工只能为自己安排看房',
  },
  'crmSchedule.staffInactive': {
    ru: 'Выберите активного сотрудника',
    en: 'Choose an active staff member',
    kk: 'Белсенді қызметкерді таңдаңыз',
    zh: '请选择在职员工',
  },
  'crmSchedule.linkNotFound': {
    ru: 'Связанная запись не найдена',
    en: 'The linked record was not found',
    kk: 'Байланысты жазба табылмады',
    zh: '未找到关联记录',
  },
  'crmSchedule.propertyNotFound': {
    ru: 'Объект не найден',
    en: 'Listing not found',
    kk: 'Нысан табылмады',
    zh: '未找到房源',
  },
  'crmSchedule.agentBusy': {
    ru: 'У агента уже есть показ в это время',
    en: 'The agent already has a viewing at this time',
    kk: 'Агенттің бұл уақытта көрсетілімі бар',
    zh: '该经纪人此时段已有看房安排',
  },
  'crmSchedule.propertyBusy': {
    ru: 'На этот объект уже назначен показ в это время',
    en: 'This listing already has a viewing at this time',
    kk: 'Бұл нысанға осы уақытта көрсетілім тағайындалған',
    zh: '该房源此时段已有看房安排',
  },
  'crmSchedule.notScheduled': {
    ru: 'Показ уже не запланирован',
    en: 'The viewing is no longer scheduled',
    kk: 'Көрсетілім енді жоспарланбаған',
    zh: '该看房已不在计划中',
  },
  'crmSchedule.range': {
    ru: 'Период: конец после начала, не более 62 дней',
    en: 'Range: the end after the start, at most 62 days',
    kk: 'Кезең: соңы басынан кейін, 62 күннен аспайды',
    zh: '时间范围：结束晚于开始，最多 62 天',
  },
} as const;
