import { escapeHtml } from '@realty/contracts';
import type { EmailTemplate, EmailTemplateData, SendEmailPayload } from '@realty/jobs';

/** A rendered e-mail: subject, plain text and HTML (the HTML escapes every value it inserts). */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

type Locale = SendEmailPayload['locale'];

/** The texts of one template in one language; `{name}` style values come from the job data. */
interface PasswordResetTexts {
  subject: string;
  greeting: (firstName: string) => string;
  intro: string;
  button: string;
  expiry: (minutes: number) => string;
  ignore: string;
  signature: string;
}

/** Texts of the password-reset e-mail (spec 01 §2 "Password reset screen reads a reset token"). */
const PASSWORD_RESET: Record<Locale, PasswordResetTexts> = {
  ru: {
    subject: 'Восстановление пароля — Алматы Бизнес Центр',
    greeting: (n) => `Здравствуйте, ${n}!`,
    intro: 'Мы получили запрос на восстановление пароля вашей учётной записи. Чтобы задать новый пароль, перейдите по ссылке:',
    button: 'Задать новый пароль',
    expiry: (m) => `Ссылка действует ${m} минут и может быть использована один раз.`,
    ignore: 'Если вы не запрашивали восстановление пароля, просто проигнорируйте это письмо: ваш пароль останется прежним.',
    signature: 'Команда Алматы Бизнес Центр',
  },
  en: {
    subject: 'Password reset — Almaty Business Center',
    greeting: (n) => `Hello, ${n}!`,
    intro: 'We received a request to reset the password of your account. To choose a new password, follow this link:',
    button: 'Choose a new password',
    expiry: (m) => `The link works for ${m} minutes and can be used once.`,
    ignore: 'If you did not ask for a password reset, just ignore this e-mail: your password stays the same.',
    signature: 'The Almaty Business Center team',
  },
  kk: {
    subject: 'Құпиясөзді қалпына келтіру — Алматы Бизнес Орталығы',
    greeting: (n) => `Сәлеметсіз бе, ${n}!`,
    intro: 'Есептік жазбаңыздың құпиясөзін қалпына келтіру туралы сұраныс алдық. Жаңа құпиясөз орнату үшін сілтемеге өтіңіз:',
    button: 'Жаңа құпиясөз орнату',
    expiry: (m) => `Сілтеме ${m} минут жарамды және бір рет қана қолданылады.`,
    ignore: 'Егер сіз құпиясөзді қалпына келтіруді сұрамаған болсаңыз, бұл хатты елемеңіз: құпиясөзіңіз өзгермейді.',
    signature: 'Алматы Бизнес Орталығының командасы',
  },
  zh: {
    subject: '重置密码 — 阿拉木图商务中心',
    greeting: (n) => `${n}，您好！`,
    intro: '我们收到了重置您账户密码的请求。请点击以下链接设置新密码：',
    button: '设置新密码',
    expiry: (m) => `该链接 ${m} 分钟内有效，且只能使用一次。`,
    ignore: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    signature: '阿拉木图商务中心团队',
  },
};

function passwordReset(locale: Locale, data: EmailTemplateData['password-reset']): RenderedEmail {
  const t = PASSWORD_RESET[locale] ?? PASSWORD_RESET.ru;
  const greeting = t.greeting(data.firstName);
  const expiry = t.expiry(data.expiresInMinutes);
  const text = [greeting, '', t.intro, data.resetUrl, '', expiry, t.ignore, '', t.signature].join('\n');
  const url = escapeHtml(data.resetUrl);
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p style="word-break:break-all"><a href="${url}">${url}</a></p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

/** Labels of the lead-notification e-mail (to the sales team; written in the payload's locale, ru by default). */
const LEAD_NOTIFICATION: Record<
  Locale,
  { subject: (topic: string, name: string) => string; intro: string; labels: Record<string, string>; signature: string }
> = {
  ru: {
    subject: (topic, name) => `Новая заявка: ${topic} — ${name}`,
    intro: 'С сайта поступила новая заявка.',
    labels: {
      name: 'Имя',
      phone: 'Телефон',
      email: 'Email',
      source: 'Источник',
      topic: 'Тема',
      message: 'Сообщение',
      quality: 'Качество',
      property: 'Объект',
      quiz: 'Ответы квиза',
      createdAt: 'Получена',
      id: 'Номер заявки',
    },
    signature: 'Алматы Бизнес Центр',
  },
  en: {
    subject: (topic, name) => `New lead: ${topic} — ${name}`,
    intro: 'A new lead came in from the website.',
    labels: {
      name: 'Name',
      phone: 'Phone',
      email: 'Email',
      source: 'Source',
      topic: 'Topic',
      message: 'Message',
      quality: 'Quality',
      property: 'Property',
      quiz: 'Quiz answers',
      createdAt: 'Received',
      id: 'Lead id',
    },
    signature: 'Almaty Business Center',
  },
  kk: {
    subject: (topic, name) => `Жаңа өтінім: ${topic} — ${name}`,
    intro: 'Сайттан жаңа өтінім түсті.',
    labels: {
      name: 'Аты',
      phone: 'Телефон',
      email: 'Email',
      source: 'Дереккөз',
      topic: 'Тақырып',
      message: 'Хабарлама',
      quality: 'Сапасы',
      property: 'Нысан',
      quiz: 'Квиз жауаптары',
      createdAt: 'Алынды',
      id: 'Өтінім нөмірі',
    },
    signature: 'Алматы Бизнес Орталығы',
  },
  zh: {
    subject: (topic, name) => `新线索：${topic} — ${name}`,
    intro: '网站收到一条新线索。',
    labels: {
      name: '姓名',
      phone: '电话',
      email: '电子邮箱',
      source: '来源',
      topic: '主题',
      message: '留言',
      quality: '质量',
      property: '物业',
      quiz: '问卷答案',
      createdAt: '收到时间',
      id: '线索编号',
    },
    signature: '阿拉木图商务中心',
  },
};

function leadNotification(locale: Locale, data: EmailTemplateData['lead-notification']): RenderedEmail {
  const t = LEAD_NOTIFICATION[locale] ?? LEAD_NOTIFICATION.ru;
  const rows: Array<[string, string]> = [
    [t.labels.name, data.name],
    [t.labels.phone, data.phone || '—'],
    [t.labels.email, data.email || '—'],
    [t.labels.source, data.source],
    [t.labels.topic, data.topic],
    [t.labels.message, data.message || '—'],
    [t.labels.quality, data.quality],
    ...(data.propertyTitle
      ? ([[t.labels.property, data.propertyUrl ? `${data.propertyTitle} (${data.propertyUrl})` : data.propertyTitle]] as Array<
          [string, string]
        >)
      : []),
    ...(data.quiz ? ([[t.labels.quiz, data.quiz]] as Array<[string, string]>) : []),
    [t.labels.createdAt, data.createdAt],
    [t.labels.id, data.leadId],
  ];
  const text = [t.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', t.signature].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: t.subject(data.topic, data.name).replace(/[\r\n]+/g, ' '), text, html };
}

/** Texts of the listing-rejected e-mail (to the listing's author). */
interface ListingRejectedTexts {
  subject: (title: string) => string;
  greeting: (firstName: string) => string;
  intro: { new: string; edit: string };
  reason: string;
  notes: string;
  button: string;
  signature: string;
}

const LISTING_REJECTED: Record<Locale, ListingRejectedTexts> = {
  ru: {
    subject: (t) => `Объявление не прошло модерацию: ${t}`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    intro: {
      new: 'Ваше объявление не опубликовано: модератор его отклонил.',
      edit: 'Изменения вашего объявления отклонены; на сайте остаётся опубликованная версия.',
    },
    reason: 'Причина',
    notes: 'Комментарий',
    button: 'Исправить объявление',
    signature: 'Команда Алматы Бизнес Центр',
  },
  en: {
    subject: (t) => `Listing not approved: ${t}`,
    greeting: (n) => `Hello, ${n}!`,
    intro: {
      new: 'Your listing was not published: the moderator rejected it.',
      edit: 'The changes to your listing were rejected; the published version stays on the site.',
    },
    reason: 'Reason',
    notes: 'Notes',
    button: 'Edit the listing',
    signature: 'The Almaty Business Center team',
  },
  kk: {
    subject: (t) => `Хабарландыру модерациядан өтпеді: ${t}`,
    greeting: (n) => `Сәлеметсіз бе, ${n}!`,
    intro: {
      new: 'Хабарландыруыңыз жарияланбады: модератор оны қабылдамады.',
      edit: 'Хабарландыруыңыздағы өзгерістер қабылданбады; сайтта жарияланған нұсқа қалады.',
    },
    reason: 'Себебі',
    notes: 'Түсініктеме',
    button: 'Хабарландыруды түзету',
    signature: 'Алматы Бизнес Орталығының командасы',
  },
  zh: {
    subject: (t) => `房源未通过审核：${t}`,
    greeting: (n) => `${n}，您好！`,
    intro: { new: '您的房源未发布：审核员已拒绝。', edit: '您对房源的修改已被拒绝；网站上保留已发布的版本。' },
    reason: '原因',
    notes: '备注',
    button: '修改房源',
    signature: '阿拉木图商务中心团队',
  },
};

function listingRejected(locale: Locale, data: EmailTemplateData['listing-rejected']): RenderedEmail {
  const t = LISTING_REJECTED[locale] ?? LISTING_REJECTED.ru;
  const greeting = t.greeting(data.firstName);
  const intro = t.intro[data.kind] ?? t.intro.new;
  const lines = [greeting, '', intro, data.propertyTitle, '', `${t.reason}: ${data.reason}`];
  if (data.notes) lines.push(`${t.notes}: ${data.notes}`);
  const text = [...lines, '', `${t.button}: ${data.editUrl}`, '', t.signature].join('\n');
  const url = escapeHtml(data.editUrl);
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><strong>${escapeHtml(data.propertyTitle)}</strong></p>
<p><strong>${escapeHtml(t.reason)}:</strong> <span style="white-space:pre-wrap">${escapeHtml(data.reason)}</span></p>
${data.notes ? `<p><strong>${escapeHtml(t.notes)}:</strong> <span style="white-space:pre-wrap">${escapeHtml(data.notes)}</span></p>\n` : ''}<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: t.subject(data.propertyTitle).replace(/[\r\n]+/g, ' '), text, html };
}

/**
 * A CRM message to a lead (issue 22 send-email): rendered by the API from the message template
 * (values escaped in `html`); wrapped in the e-mail's HTML document here.
 */
function leadMessage(locale: Locale, data: EmailTemplateData['lead-message']): RenderedEmail {
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${data.html}</p>
</body></html>`;
  return { subject: data.subject, text: data.text, html };
}

const RENDERERS: { [T in EmailTemplate]: (locale: Locale, data: EmailTemplateData[T]) => RenderedEmail } = {
  'password-reset': passwordReset,
  'lead-notification': leadNotification,
  'listing-rejected': listingRejected,
  'lead-message': leadMessage,
};

/** True when the handler knows the template. */
export function isEmailTemplate(value: unknown): value is EmailTemplate {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RENDERERS, value);
}

/** Renders the e-mail of a SendEmail job in its locale (unknown locale: ru). */
export function renderEmail(payload: SendEmailPayload): RenderedEmail {
  const render = RENDERERS[payload.template] as (locale: Locale, data: SendEmailPayload['data']) => RenderedEmail;
  return render(payload.locale, payload.data);
}
