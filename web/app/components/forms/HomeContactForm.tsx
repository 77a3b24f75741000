import { useTranslation } from 'react-i18next';
import type { PublicFormResult } from '~/lib/forms/public-forms';
import { FormField, FormMessage, FormSection, PublicFormHiddenFields } from './FormParts';
import { usePublicForm } from './use-public-form';

/**
 * The contact form at the bottom of Home (spec 01 §2, §5: name optional, phone required, e-mail
 * optional, message optional). Posts to the Home action (intent home-contact), which creates a
 * lead with source website_contact_form (spec 01 §7 notes). `initial`: the action's answer after
 * a post without JavaScript.
 */
export function HomeContactForm({ initial }: { initial?: PublicFormResult }) {
  const { t } = useTranslation('forms');
  const { fetcher, formRef, errors, values, result, pending } = usePublicForm('home-contact', initial);
  const id = 'home-contact';
  return (
    <FormSection id="contact-form" title={t('home.title')} subtitle={t('home.subtitle')} className="pf-home-contact">
      <fetcher.Form ref={formRef} method="post" action="/?index#contact-form" className="pf-form" noValidate aria-describedby={undefined}>
        <PublicFormHiddenFields intent="home-contact" />
        <div className="pf-grid">
          <FormField
            formId={id}
            name="name"
            label={t('fields.name')}
            optional
            autoComplete="name"
            placeholder={t('fields.namePlaceholder')}
            defaultValue={values.name}
            error={errors.name}
          />
          <FormField
            formId={id}
            name="phone"
            label={t('fields.phone')}
            type="tel"
            required
            autoComplete="tel"
            placeholder={t('fields.phonePlaceholder')}
            defaultValue={values.phone}
            error={errors.phone}
          />
          <FormField
            formId={id}
            name="email"
            label={t('fields.email')}
            type="email"
            optional
            autoComplete="email"
            placeholder={t('fields.emailPlaceholder')}
            defaultValue={values.email}
            error={errors.email}
          />
        </div>
        <FormField
          formId={id}
          name="message"
          label={t('fields.message')}
          optional
          multiline
          placeholder={t('fields.messagePlaceholder')}
          defaultValue={values.message}
          error={errors.message}
        />
        <FormMessage message={result?.ok ? null : result?.toast} />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('sending') : t('home.submit')}
        </button>
      </fetcher.Form>
    </FormSection>
  );
}
