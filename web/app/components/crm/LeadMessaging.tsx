import { Form } from '@remix-run/react';
import { LANGUAGES, type Language } from '@realty/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from '~/components/csrf';
import type { TemplateChoice } from '~/lib/crm/lead-messaging.server';
import messagingCss from '~/styles/crm/messaging.css?url';

/** The stylesheet of <LeadMessaging>: add to the lead page's `links`. */
export const LEAD_MESSAGING_LINKS = [{ rel: 'stylesheet', href: messagingCss }];

/**
 * "Write to the lead" (issue 22; spec 02 §2 "Leads: send e-mail, send Telegram message"): two
 * plain POST forms (CSRF token, no JavaScript needed) — a template of the channel, the message's
 * language, submit — posting to /dashboard/crm/leads/{id}/message, which calls the API and comes
 * back to `back` with a toast. Templates come from leadMessagingTemplates(auth) in the page's
 * loader. Placed by the lead page into its <div id="lead-messaging"> slot.
 */
export function LeadMessaging({
  leadId,
  templates,
  back,
  defaultLanguage = 'ru',
}: {
  leadId: string;
  templates: { email: TemplateChoice[]; telegram: TemplateChoice[] };
  /** Where to come back after sending (the lead page's path). */
  back: string;
  defaultLanguage?: Language;
}) {
  const { t } = useTranslation('crmMessaging');
  const id = useId();
  const channels = [
    { channel: 'email' as const, title: t('send.email'), list: templates.email },
    { channel: 'telegram' as const, title: t('send.telegram'), list: templates.telegram },
  ];
  return (
    <section className="crm-lead-messaging" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('send.title')}</h2>
      <div className="crm-lead-messaging__forms">
        {channels.map(({ channel, title, list }) => (
          <Form
            key={channel}
            method="post"
            action={`/dashboard/crm/leads/${leadId}/message`}
            className="crm-lead-messaging__form"
            aria-label={title}
          >
            <AuthenticityTokenInput />
            <input type="hidden" name="back" value={back} />
            <h3>{title}</h3>
            {list.length === 0 ? (
              <p className="form-hint">{t('send.noTemplates')}</p>
            ) : (
              <>
                <div className="form-field">
                  <label htmlFor={`${id}-${channel}-template`}>{t('send.template')}</label>
                  <select id={`${id}-${channel}-template`} name="templateId" required defaultValue="">
                    <option value="" disabled>
                      {t('send.chooseTemplate')}
                    </option>
                    {list.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-field">
                  <label htmlFor={`${id}-${channel}-language`}>{t('send.language')}</label>
                  <select id={`${id}-${channel}-language`} name="language" defaultValue={defaultLanguage}>
                    {LANGUAGES.map((l) => (
                      <option key={l} value={l}>
                        {t(`languages.${l}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value={channel} className="btn btn-primary">
                  {title}
                </button>
              </>
            )}
          </Form>
        ))}
      </div>
    </section>
  );
}
