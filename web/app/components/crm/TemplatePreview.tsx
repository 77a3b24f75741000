import { renderMessage, type MessageValues } from '@realty/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Example values of the preview (what a real lead would fill in). */
export const SAMPLE_VALUES: MessageValues = {
  'lead.firstName': 'Айгерим',
  'lead.lastName': 'Сейтова',
  'client.name': 'ТОО «Алатау Трейд»',
  'property.title': 'Офис 120 м² в БЦ «Нурлы Тау»',
  'property.url': 'https://almaty-bc.kz/property/ofis-nurly-tau',
  'agent.name': 'Ерлан Агентов',
  'agent.phone': '+7 701 555 11 22',
  'agent.email': 'agent@almaty-bc.kz',
};

interface Texts {
  channel: string;
  subject: string;
  body: string;
}

/**
 * The message template's preview with sample values (issue 22 "a live preview"): rendered on the
 * server from the given texts, then, with JavaScript, following what is typed in the surrounding
 * form's Russian subject and text and its channel. Place it inside the form.
 */
export function TemplatePreview({ initial }: { initial: Texts }) {
  const { t } = useTranslation('crmMessaging');
  const ref = useRef<HTMLElement>(null);
  const [texts, setTexts] = useState<Texts>(initial);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const read = () => {
      const value = (name: string) => {
        const el = form.elements.namedItem(name);
        return el && 'value' in el ? String(el.value) : '';
      };
      setTexts({ channel: value('channel'), subject: value('subject.ru'), body: value('body.ru') });
    };
    form.addEventListener('input', read);
    form.addEventListener('change', read);
    return () => {
      form.removeEventListener('input', read);
      form.removeEventListener('change', read);
    };
  }, []);
  return (
    <section ref={ref} className="crm-templates__preview" aria-labelledby="preview-title">
      <h3 id="preview-title">{t('templates.preview')}</h3>
      <p className="form-hint">{t('templates.previewNote')}</p>
      {texts.channel === 'email' ? <p className="crm-templates__preview-subject">{renderMessage(texts.subject, SAMPLE_VALUES)}</p> : null}
      <p className="crm-templates__preview-body">{renderMessage(texts.body, SAMPLE_VALUES)}</p>
    </section>
  );
}
