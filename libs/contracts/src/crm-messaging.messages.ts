/**
 * Messages of CRM messaging (issue 22: message templates, send e-mail / Telegram to a lead,
 * notifications), ru/en/kk/zh. Spread into MESSAGES (messages.ts).
 */
export const CRM_MESSAGING_MESSAGES = {
  'crmMessaging.name': {
    ru: 'Название: от 2 до 100 символов',
    en: 'Name: 2 to 100 characters',
    kk: 'Атауы: 2-ден 100 таңбаға дейін',
    zh: '名称：2 到 100 个字符',
  },
  'crmMessaging.subject': {
    ru: 'Тема письма: обязательна на русском, не более 200 символов на каждом языке',
    en: 'Subject: Russian is required, at most 200 characters per language',
    kk: 'Хат тақырыбы: орысша міндетті, әр тілде 200 таңбадан аспауы керек',
    zh: '邮件主题：俄语必填，每种语言不超过 200 个字符',
  },
  'crmMessaging.body': {
    ru: 'Текст: обязателен на русском, не более 4000 символов на каждом языке',
    en: 'Text: Russian is required, at most 4000 characters per language',
    kk: 'Мәтін: орысша міндетті, әр тілде 4000 таңбадан аспауы керек',
    zh: '正文：俄语必填，每种语言不超过 4000 个字符',
  },
  'crmMessaging.unknownPlaceholder': {
    ru: 'Неизвестная подстановка. Допустимы: {{lead.firstName}}, {{lead.lastName}}, {{client.name}}, {{property.title}}, {{property.url}}, {{agent.name}}, {{agent.phone}}, {{agent.email}}',
    en: 'Unknown placeholder. Allowed: {{lead.firstName}}, {{lead.lastName}}, {{client.name}}, {{property.title}}, {{property.url}}, {{agent.name}}, {{agent.phone}}, {{agent.email}}',
    kk: 'Белгісіз алмастыру. Рұқсат етілгендер: {{lead.firstName}}, {{lead.lastName}}, {{client.name}}, {{property.title}}, {{property.url}}, {{agent.name}}, {{agent.phone}}, {{agent.email}}',
    zh: '未知的占位符。允许：{{lead.firstName}}、{{lead.lastName}}、{{client.name}}、{{property.title}}、{{property.url}}、{{agent.name}}、{{agent.phone}}、{{agent.email}}',
  },
  'crmMessaging.template': {
    ru: 'Выберите активный шаблон этого канала',
    en: 'Choose an active template of this channel',
    kk: 'Осы арнаның белсенді үлгісін таңдаңыз',
    zh: '请选择此渠道的有效模板',
  },
  'crmMessaging.noEmail': {
    ru: 'У лида нет адреса электронной почты',
    en: 'The lead has no e-mail address',
    kk: 'Лидтің электрондық поштасы жоқ',
    zh: '该线索没有电子邮件地址',
  },
  'crmMessaging.noTelegram': {
    ru: 'У лида не указан Telegram (chat id или @username)',
    en: 'The lead has no Telegram (chat id or @username)',
    kk: 'Лидтің Telegram-ы көрсетілмеген (chat id немесе @username)',
    zh: '该线索没有 Telegram（chat id 或 @username）',
  },
  'crmMessaging.telegramNotConfigured': {
    ru: 'Отправка в Telegram не настроена (нет токена бота)',
    en: 'Telegram sending is not configured (no bot token)',
    kk: 'Telegram-ға жіберу бапталмаған (бот токені жоқ)',
    zh: '未配置 Telegram 发送（没有机器人令牌）',
  },
} as const;
