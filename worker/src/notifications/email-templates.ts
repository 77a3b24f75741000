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

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

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

const RENDERERS: { [T in EmailTemplate]: (locale: Locale, data: EmailTemplateData[T]) => RenderedEmail } = {
  'password-reset': passwordReset,
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
