import { LANGUAGES, NOTIFICATION_TYPES, validateInput } from './index';
import {
  MESSAGE_PLACEHOLDERS,
  MessageTemplateWriteDto,
  localizedOf,
  notificationText,
  renderMessage,
  unknownPlaceholders,
  type MessageValues,
} from './crm-messaging';

/** The message template renderer and DTO (issue 22 "Message templates"). */
describe('CRM message templates', () => {
  const values: MessageValues = {
    'lead.firstName': 'Айгерим <b>',
    'lead.lastName': 'Сейтова',
    'client.name': 'ТОО "Береке" & Co',
    'property.title': 'Офис',
    'property.url': 'https://almaty-bc.kz/property/ofis?a=1&b=2',
    'agent.name': 'Ерлан',
    'agent.phone': '+7 701 555 11 22',
    'agent.email': 'agent@almaty-bc.kz',
  };

  it('fills every placeholder, with spaces inside the braces too; unknown ones become empty', () => {
    const text = MESSAGE_PLACEHOLDERS.map((p) => `{{${p}}}`).join('|');
    expect(renderMessage(text, values)).toBe(MESSAGE_PLACEHOLDERS.map((p) => values[p]).join('|'));
    expect(renderMessage('Привет, {{ lead.firstName }}!{{lead.middleName}}', values)).toBe('Привет, Айгерим <b>!');
    expect(renderMessage('{{client.name}}', {})).toBe('');
  });

  it('escapes the values and the text for HTML e-mail bodies and keeps line breaks', () => {
    expect(renderMessage('<i>{{lead.firstName}}</i>\n{{client.name}} {{property.url}}', values, { html: true })).toBe(
      '&lt;i&gt;Айгерим &lt;b&gt;&lt;/i&gt;<br>\nТОО &quot;Береке&quot; &amp; Co https://almaty-bc.kz/property/ofis?a=1&amp;b=2',
    );
  });

  it('lists unknown placeholders once, in order', () => {
    expect(unknownPlaceholders('{{a}} {{lead.firstName}} {{ b.c }} {{a}}')).toEqual(['a', 'b.c']);
    expect(unknownPlaceholders('{{lead.firstName}} {single} {{}}')).toEqual(['']);
    expect(unknownPlaceholders('no placeholders')).toEqual([]);
  });

  it('picks the language, else Russian', () => {
    expect(localizedOf({ ru: 'Привет', en: 'Hello' }, 'en')).toBe('Hello');
    expect(localizedOf({ ru: 'Привет', en: ' ' }, 'en')).toBe('Привет');
    expect(localizedOf(null, 'kk')).toBe('');
  });

  it('validates a template: e-mail needs a Russian subject, Telegram none; placeholders are checked', async () => {
    const ok = await validateInput(
      MessageTemplateWriteDto,
      { name: ' Шаблон ', channel: 'TELEGRAM', body: { ru: ' {{agent.name}} ', en: '' } },
      'ru',
    );
    expect(ok.ok && ok.value).toMatchObject({ name: 'Шаблон', channel: 'telegram', body: { ru: '{{agent.name}}' } });
    const email = await validateInput(MessageTemplateWriteDto, { name: 'Шаблон', channel: 'email', body: { ru: 'x' } }, 'en');
    expect(!email.ok && email.errors).toEqual({ subject: 'Subject: Russian is required, at most 200 characters per language' });
    const bad = await validateInput(
      MessageTemplateWriteDto,
      { name: 'Шаблон', channel: 'email', subject: { ru: 'ok', kk: '{{lead.phone}}' }, body: { ru: 'x', de: 'y' } },
      'ru',
    );
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['body', 'subject']);
    expect(!bad.ok && bad.errors.subject).toMatch(/^Неизвестная подстановка/);
  });

  it('renders every notification type in every language from its data', () => {
    for (const type of NOTIFICATION_TYPES)
      for (const lang of LANGUAGES)
        expect(
          notificationText(type, { leadName: 'X', title: 'T', propertyTitle: 'P', reason: 'R', minutes: 20, imported: 5, errors: 1 }, lang),
        ).not.toBe('');
    expect(notificationText('lead_waiting', { leadName: 'Айгерим', minutes: 25 }, 'en')).toBe(
      'A lead has waited 25 min for contact: Айгерим',
    );
    expect(notificationText('something_new', {}, 'ru')).toBe('something_new');
  });
});
