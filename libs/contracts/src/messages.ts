import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './enums';
import { GEOCODING_MESSAGES } from './geocoding.messages';
import { UPLOAD_MESSAGES } from './upload.messages';
import { LISTING_MESSAGES } from './listings.messages';
import { REFERENCE_MESSAGES } from './reference-data.messages';
import { CRM_LEAD_MESSAGES } from './crm-leads.messages';
import { CRM_MESSAGING_MESSAGES } from './crm-messaging.messages';
import { CRM_DEAL_MESSAGES } from './crm-deals.messages';
import { CRM_SCHEDULE_MESSAGES } from './crm-schedule.messages';
import { BLOG_DESK_MESSAGES } from './blog-desk.messages';
import { CRM_LEAD_FILE_MESSAGES } from './crm-lead-files.messages';
import { RULE_MESSAGES } from './rule.messages';
import { PRESENTATION_MESSAGES } from './presentations.messages';
import { AI_MESSAGES } from './ai.messages';
import { LANDING_MESSAGES } from './landings.messages';

/**
 * Error codes of the API envelope (spec 01 §8). The Russian texts are the spec's own;
 * en, kk and zh are translations.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // address search (spec 02 §7 geocoding): the provider timed out (504) or failed (502)
  'GEOCODER_TIMEOUT',
  'GEOCODER_UNAVAILABLE',
  // uploads (spec 02 §7): over the size or pixel limit (413), type not allowed by content (415)
  'FILE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'UNSUPPORTED_FILE_TYPE',
  // CRM messaging (issue 22): send-telegram while no bot token is configured (503)
  'TELEGRAM_NOT_CONFIGURED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

type Texts = Record<Language, string>;

/** Messages keyed by an id. Validation decorators carry the id; the API resolves it per language. */
export const MESSAGES = {
  // the public forms' own checks, also shown by the browser (rule.messages.ts)
  ...RULE_MESSAGES,
  ...AI_MESSAGES,
  // spec 01 §5 'Generic failure'
  VALIDATION_ERROR: {
    ru: 'Произошла ошибка валидации',
    en: 'Validation failed',
    kk: 'Тексеру қатесі орын алды',
    zh: '验证出错',
  },
  BAD_REQUEST: { ru: 'Некорректный запрос', en: 'Bad request', kk: 'Қате сұраныс', zh: '请求无效' },
  // spec 01 §8 table
  UNAUTHORIZED: { ru: 'Необходима авторизация', en: 'Authentication required', kk: 'Авторизация қажет', zh: '需要登录' },
  FORBIDDEN: { ru: 'Недостаточно прав доступа', en: 'Insufficient permissions', kk: 'Қол жеткізу құқығы жеткіліксіз', zh: '权限不足' },
  NOT_FOUND: { ru: 'Ресурс не найден', en: 'Resource not found', kk: 'Ресурс табылмады', zh: '未找到资源' },
  CONFLICT: { ru: 'Конфликт данных', en: 'Conflict', kk: 'Деректер қайшылығы', zh: '数据冲突' },
  PAYLOAD_TOO_LARGE: { ru: 'Слишком большой запрос', en: 'Payload too large', kk: 'Сұраныс тым үлкен', zh: '请求内容过大' },
  RATE_LIMIT: {
    ru: 'Слишком много запросов. Попробуйте позже',
    en: 'Too many requests. Please try again later',
    kk: 'Сұраныстар тым көп. Кейінірек қайталап көріңіз',
    zh: '请求过多，请稍后再试',
  },
  INTERNAL_ERROR: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error', kk: 'Сервердің ішкі қатесі', zh: '服务器内部错误' },
  SERVICE_UNAVAILABLE: {
    ru: 'Сервис временно недоступен',
    en: 'Service temporarily unavailable',
    kk: 'Қызмет уақытша қолжетімсіз',
    zh: '服务暂时不可用',
  },

  // Field messages for query parameters and generic checks
  'field.invalid': { ru: 'Недопустимое значение', en: 'Invalid value', kk: 'Жарамсыз мән', zh: '无效的值' },
  'field.unknown': { ru: 'Неизвестный параметр', en: 'Unknown parameter', kk: 'Белгісіз параметр', zh: '未知参数' },
  'field.integer': { ru: 'Должно быть целым числом', en: 'Must be a whole number', kk: 'Бүтін сан болуы керек', zh: '必须是整数' },
  'field.min0': { ru: 'Не может быть отрицательным', en: 'Cannot be negative', kk: 'Теріс болмауы керек', zh: '不能为负数' },
  'field.page': {
    ru: 'Номер страницы должен быть от 1 до 10000',
    en: 'Page must be between 1 and 10000',
    kk: 'Бет нөмірі 1-ден 10000-ға дейін болуы керек',
    zh: '页码必须在 1 到 10000 之间',
  },
  'field.limit': {
    ru: 'Размер страницы должен быть от 1 до 100',
    en: 'Page size must be between 1 and 100',
    kk: 'Бет өлшемі 1-ден 100-ге дейін болуы керек',
    zh: '每页数量必须在 1 到 100 之间',
  },
  'field.boolean': {
    ru: 'Должно быть true или false',
    en: 'Must be true or false',
    kk: 'true немесе false болуы керек',
    zh: '必须为 true 或 false',
  },
  'field.tooLong': { ru: 'Слишком длинное значение', en: 'Value is too long', kk: 'Мән тым ұзын', zh: '值过长' },
  'field.range': {
    ru: 'Минимум больше максимума',
    en: 'Minimum is greater than maximum',
    kk: 'Минимум максимумнан үлкен',
    zh: '最小值大于最大值',
  },
  'field.date': {
    ru: 'Дата в формате ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTчч:мм',
    en: 'A date as YYYY-MM-DD or YYYY-MM-DDThh:mm',
    kk: 'Күн ЖЖЖЖ-АА-КК немесе ЖЖЖЖ-АА-ККTсс:мм пішімінде',
    zh: '日期格式为 YYYY-MM-DD 或 YYYY-MM-DDThh:mm',
  },
  'field.dateOrder': {
    ru: 'Начало периода позже его конца',
    en: 'The start of the period is after its end',
    kk: 'Кезеңнің басы оның соңынан кейін',
    zh: '开始时间晚于结束时间',
  },
  'field.max': { ru: 'Слишком большое значение', en: 'Value is too large', kk: 'Мән тым үлкен', zh: '值过大' },
  'field.conflict': {
    ru: 'Значение противоречит другому параметру',
    en: 'Value contradicts another parameter',
    kk: 'Мән басқа параметрге қайшы келеді',
    zh: '该值与另一个参数冲突',
  },
  'field.similarLimit': {
    ru: 'Количество должно быть от 1 до 12',
    en: 'Count must be between 1 and 12',
    kk: 'Саны 1-ден 12-ге дейін болуы керек',
    zh: '数量必须在 1 到 12 之间',
  },

  // --- Accounts, sessions and access control (issue 3). Russian texts of spec 01 §5 and §8 where the spec gives one.
  // Error codes of spec 02 §7 (the client drops its CSRF token and retries once on these).
  CSRF_TOKEN_MISSING: {
    ru: 'Отсутствует CSRF-токен. Обновите страницу и повторите попытку',
    en: 'The CSRF token is missing. Reload the page and try again',
    kk: 'CSRF-токен жоқ. Бетті жаңартып, қайталап көріңіз',
    zh: '缺少 CSRF 令牌，请刷新页面后重试',
  },
  CSRF_TOKEN_INVALID: {
    ru: 'Недействительный CSRF-токен. Обновите страницу и повторите попытку',
    en: 'The CSRF token is invalid. Reload the page and try again',
    kk: 'CSRF-токен жарамсыз. Бетті жаңартып, қайталап көріңіз',
    zh: 'CSRF 令牌无效，请刷新页面后重试',
  },
  'auth.emailRequired': {
    ru: 'Email обязателен для заполнения',
    en: 'Email is required',
    kk: 'Email міндетті түрде толтырылуы керек',
    zh: '请填写电子邮箱',
  },
  'auth.emailInvalid': {
    ru: 'Неверный формат email адреса',
    en: 'Invalid email address format',
    kk: 'Email мекенжайының пішімі қате',
    zh: '电子邮箱格式不正确',
  },
  'auth.passwordRequired': {
    ru: 'Пароль обязателен для заполнения',
    en: 'Password is required',
    kk: 'Құпиясөз міндетті түрде толтырылуы керек',
    zh: '请填写密码',
  },
  'auth.passwordMin': {
    ru: 'Пароль должен содержать минимум 8 символов',
    en: 'Password must be at least 8 characters long',
    kk: 'Құпиясөз кемінде 8 таңбадан тұруы керек',
    zh: '密码至少需要 8 个字符',
  },
  'auth.passwordClasses': {
    ru: 'Пароль должен содержать строчные и заглавные буквы и цифры',
    en: 'Password must contain lower-case and upper-case letters and digits',
    kk: 'Құпиясөзде кіші және бас әріптер мен сандар болуы керек',
    zh: '密码必须包含小写字母、大写字母和数字',
  },
  'auth.passwordMax': {
    ru: 'Пароль не должен превышать 128 символов',
    en: 'Password must not exceed 128 characters',
    kk: 'Құпиясөз 128 таңбадан аспауы керек',
    zh: '密码不能超过 128 个字符',
  },
  'auth.passwordsMismatch': {
    ru: 'Пароли не совпадают',
    en: 'Passwords do not match',
    kk: 'Құпиясөздер сәйкес келмейді',
    zh: '两次输入的密码不一致',
  },
  'auth.invalidCredentials': {
    ru: 'Неверный email или пароль',
    en: 'Invalid email or password',
    kk: 'Email немесе құпиясөз қате',
    zh: '电子邮箱或密码不正确',
  },
  'auth.blocked': {
    ru: 'Учётная запись заблокирована. Обратитесь к администратору',
    en: 'This account is blocked. Please contact the administrator',
    kk: 'Есептік жазба бұғатталған. Әкімшіге хабарласыңыз',
    zh: '该账户已被封禁，请联系管理员',
  },
  'auth.emailTaken': {
    ru: 'Пользователь с таким email уже зарегистрирован',
    en: 'A user with this email is already registered',
    kk: 'Мұндай email-мен пайдаланушы тіркелген',
    zh: '该电子邮箱已被注册',
  },
  'auth.sessionExpired': {
    ru: 'Сессия истекла. Войдите снова',
    en: 'Your session has expired. Please sign in again',
    kk: 'Сеанс мерзімі аяқталды. Қайта кіріңіз',
    zh: '会话已过期，请重新登录',
  },
  'auth.refreshTokenRequired': {
    ru: 'Токен обновления обязателен',
    en: 'The refresh token is required',
    kk: 'Жаңарту токені міндетті',
    zh: '缺少刷新令牌',
  },
  'auth.resetTokenMissing': {
    ru: 'Токен восстановления пароля не найден',
    en: 'Password reset token not found',
    kk: 'Құпиясөзді қалпына келтіру токені табылмады',
    zh: '未找到密码重置令牌',
  },
  'auth.resetTokenInvalid': {
    ru: 'Ссылка для восстановления пароля недействительна или устарела. Запросите новую',
    en: 'The password reset link is invalid or has expired. Request a new one',
    kk: 'Құпиясөзді қалпына келтіру сілтемесі жарамсыз немесе ескірген. Жаңасын сұраңыз',
    zh: '密码重置链接无效或已过期，请重新申请',
  },
  'auth.resetLinkSent': {
    ru: 'Если указанный email существует, на него отправлена ссылка для восстановления пароля.',
    en: 'If the email address exists, a password reset link has been sent to it.',
    kk: 'Егер көрсетілген email бар болса, оған құпиясөзді қалпына келтіру сілтемесі жіберілді.',
    zh: '如果该电子邮箱存在，我们已向其发送密码重置链接。',
  },
  'auth.passwordResetDone': {
    ru: 'Пароль успешно изменен. Теперь вы можете войти с новым паролем.',
    en: 'Your password has been changed. You can now sign in with the new password.',
    kk: 'Құпиясөз сәтті өзгертілді. Енді жаңа құпиясөзбен кіре аласыз.',
    zh: '密码已成功修改，现在可以使用新密码登录。',
  },
  'auth.currentPasswordWrong': {
    ru: 'Неверный текущий пароль',
    en: 'The current password is incorrect',
    kk: 'Ағымдағы құпиясөз қате',
    zh: '当前密码不正确',
  },
  'auth.samePassword': {
    ru: 'Новый пароль должен отличаться от текущего',
    en: 'The new password must differ from the current one',
    kk: 'Жаңа құпиясөз ағымдағысынан өзгеше болуы керек',
    zh: '新密码不能与当前密码相同',
  },
  'person.firstNameRequired': {
    ru: 'Имя обязательно для заполнения',
    en: 'First name is required',
    kk: 'Аты міндетті түрде толтырылуы керек',
    zh: '请填写名字',
  },
  'person.lastNameRequired': {
    ru: 'Фамилия обязательна для заполнения',
    en: 'Last name is required',
    kk: 'Тегі міндетті түрде толтырылуы керек',
    zh: '请填写姓氏',
  },
  'person.nameLength': {
    ru: 'Должно содержать от 2 до 50 символов',
    en: 'Must be 2 to 50 characters long',
    kk: '2-ден 50 таңбаға дейін болуы керек',
    zh: '长度必须为 2 到 50 个字符',
  },
  'person.nameChars': {
    ru: 'Допустимы только буквы (кириллица или латиница), пробелы и дефисы',
    en: 'Only letters (Cyrillic or Latin), spaces and hyphens are allowed',
    kk: 'Тек әріптер (кирилл немесе латын), бос орындар мен сызықшалар рұқсат етіледі',
    zh: '只能包含字母（西里尔字母或拉丁字母）、空格和连字符',
  },
  'phone.min': {
    ru: 'Номер телефона должен содержать минимум 10 цифр',
    en: 'The phone number must contain at least 10 digits',
    kk: 'Телефон нөмірі кемінде 10 саннан тұруы керек',
    zh: '电话号码至少需要 10 位数字',
  },
  'phone.format': {
    ru: 'Неверный формат номера телефона',
    en: 'Invalid phone number format',
    kk: 'Телефон нөмірінің пішімі қате',
    zh: '电话号码格式不正确',
  },
  'users.roleUnknown': { ru: 'Роль не найдена', en: 'Role not found', kk: 'Рөл табылмады', zh: '未找到该角色' },
  'users.superAdminOnly': {
    ru: 'Только супер-администратор может назначать супер-администраторов и изменять их учётные записи',
    en: 'Only a super administrator can appoint super administrators or change their accounts',
    kk: 'Тек супер-әкімші супер-әкімшілерді тағайындай және олардың есептік жазбаларын өзгерте алады',
    zh: '只有超级管理员可以任命超级管理员或修改其账户',
  },
  'users.ownAccount': {
    ru: 'Нельзя изменить роль или статус собственной учётной записи или удалить её',
    en: 'You cannot change the role or status of your own account or delete it',
    kk: 'Өз есептік жазбаңыздың рөлін не мәртебесін өзгертуге немесе оны жоюға болмайды',
    zh: '不能修改自己账户的角色或状态，也不能删除自己的账户',
  },
  'users.lastSuperAdmin': {
    ru: 'Нельзя понизить, заблокировать или удалить последнего активного супер-администратора',
    en: 'The last active super administrator cannot be demoted, blocked or deleted',
    kk: 'Соңғы белсенді супер-әкімшінің рөлін төмендетуге, оны бұғаттауға немесе жоюға болмайды',
    zh: '不能降级、封禁或删除最后一个有效的超级管理员',
  },
  'users.inUse': {
    ru: 'Пользователя нельзя удалить: на него ссылаются другие записи. Заблокируйте его',
    en: 'The user cannot be deleted because other records refer to them. Block the user instead',
    kk: 'Пайдаланушыны жоюға болмайды: оған басқа жазбалар сілтеме жасайды. Оны бұғаттаңыз',
    zh: '该用户被其他记录引用，无法删除，请改为封禁',
  },
  // --- Public forms and lead intake (issue 4): spec 01 §5 rules; the Russian texts are the spec's where it gives one.
  'phone.required': {
    ru: 'Телефон обязателен для заполнения',
    en: 'Phone number is required',
    kk: 'Телефон нөмірі міндетті түрде толтырылуы керек',
    zh: '请填写电话号码',
  },
  'person.nameRequired': {
    ru: 'Имя обязательно для заполнения',
    en: 'Name is required',
    kk: 'Аты міндетті түрде толтырылуы керек',
    zh: '请填写姓名',
  },
  'contact.subjectRequired': {
    ru: 'Тема обязательна для заполнения',
    en: 'Subject is required',
    kk: 'Тақырып міндетті түрде толтырылуы керек',
    zh: '请填写主题',
  },
  'contact.subjectLength': {
    ru: 'Тема должна содержать от 5 до 100 символов',
    en: 'The subject must be 5 to 100 characters long',
    kk: 'Тақырып 5-тен 100 таңбаға дейін болуы керек',
    zh: '主题长度必须为 5 到 100 个字符',
  },
  'contact.messageRequired': {
    ru: 'Сообщение обязательно для заполнения',
    en: 'Message is required',
    kk: 'Хабарлама міндетті түрде толтырылуы керек',
    zh: '请填写留言',
  },
  'contact.messageLength': {
    ru: 'Сообщение должно содержать от 10 до 1000 символов',
    en: 'The message must be 10 to 1000 characters long',
    kk: 'Хабарлама 10-нан 1000 таңбаға дейін болуы керек',
    zh: '留言长度必须为 10 到 1000 个字符',
  },
  'lead.sourceRequired': { ru: 'Источник обязателен', en: 'Source is required', kk: 'Дереккөз міндетті', zh: '来源为必填项' },
  'lead.sourceLength': {
    ru: 'Источник должен содержать от 1 до 50 символов',
    en: 'The source must be 1 to 50 characters long',
    kk: 'Дереккөз 1-ден 50 таңбаға дейін болуы керек',
    zh: '来源长度必须为 1 到 50 个字符',
  },
  'lead.topicRequired': {
    ru: 'Тема обязательна для заполнения',
    en: 'Topic is required',
    kk: 'Тақырып міндетті түрде толтырылуы керек',
    zh: '请填写主题',
  },
  'lead.topicLength': {
    ru: 'Тема должна содержать от 3 до 100 символов',
    en: 'The topic must be 3 to 100 characters long',
    kk: 'Тақырып 3-тен 100 таңбаға дейін болуы керек',
    zh: '主题长度必须为 3 到 100 个字符',
  },
  'lead.budgetPositive': {
    ru: 'Бюджет должен быть положительным числом',
    en: 'The budget must be a positive number',
    kk: 'Бюджет оң сан болуы керек',
    zh: '预算必须为正数',
  },
  'lead.propertyTypeLength': {
    ru: 'Тип объекта не должен превышать 50 символов',
    en: 'The property type must not exceed 50 characters',
    kk: 'Нысан түрі 50 таңбадан аспауы керек',
    zh: '物业类型不能超过 50 个字符',
  },
  'propertyLead.propertyRequired': {
    ru: 'Не указан объект',
    en: 'The property is not specified',
    kk: 'Нысан көрсетілмеген',
    zh: '未指定物业',
  },
  // --- Address search (issue 21, spec 02 §5, §7): geocoding.messages.ts
  ...GEOCODING_MESSAGES,
  // --- Uploads (issue 21, spec 02 §7): upload.messages.ts
  ...UPLOAD_MESSAGES,
  // --- Listing lifecycle (issue 21, spec 02 §5): listings.messages.ts
  ...LISTING_MESSAGES,
  // --- Reference data administration (issue 21, spec 02 §2): reference-data.messages.ts
  ...REFERENCE_MESSAGES,
  // --- CRM leads (issue 22, spec 02 §3, §7): crm-leads.messages.ts
  ...CRM_LEAD_MESSAGES,
  // --- CRM messaging (issue 22): crm-messaging.messages.ts
  ...CRM_MESSAGING_MESSAGES,
  // --- CRM clients and deals (issue 22): crm-deals.messages.ts
  ...CRM_DEAL_MESSAGES,
  // --- CRM tasks, viewings, calendar, activity feed (issue 22): crm-schedule.messages.ts
  ...CRM_SCHEDULE_MESSAGES,
  // --- Lead import and export (issue 22): crm-lead-files.messages.ts
  ...CRM_LEAD_FILE_MESSAGES,
  // presentations (issue 23)
  ...PRESENTATION_MESSAGES,
  // --- The blog desk (issue 23): blog-desk.messages.ts
  ...BLOG_DESK_MESSAGES,
  // --- Landing pages (issue 23): landings.messages.ts
  ...LANDING_MESSAGES,
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

/** True when `key` is a known message id. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Resolves a message id (or passes a literal text through) in `lang`, falling back to ru. */
export function translateMessage(
  keyOrText: string,
  lang: Language = FALLBACK_LANGUAGE,
  params?: Readonly<Record<string, string | number>>,
): string {
  if (!isMessageKey(keyOrText)) return keyOrText;
  const texts: Texts = MESSAGES[keyOrText];
  const text = texts[lang] || texts[FALLBACK_LANGUAGE];
  // `{name}` placeholders filled from `params` (e.g. 'используется (объектов: {listings})'); unknown ones stay.
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

/** Picks a supported language from a `lang` value or an Accept-Language header; ru otherwise. */
export function pickLanguage(...candidates: Array<string | string[] | undefined | null>): Language {
  for (const c of candidates) {
    if (!c) continue;
    const raw = Array.isArray(c) ? c.join(',') : c;
    for (const part of raw.split(',')) {
      const code = part.trim().split(';')[0].toLowerCase().split('-')[0];
      if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
    }
  }
  return FALLBACK_LANGUAGE;
}
