import { useTranslation } from 'react-i18next';
import type { PublicFormResult } from '~/lib/forms/public-forms';
import { FormField, FormMessage, FormSection, PublicFormHiddenFields } from './FormParts';
import { usePublicForm } from './use-public-form';

/** Where the contact page form posts (routes/contact_.send.tsx). */
export const CONTACT_FORM_ACTION = '/contact/send';

/**
 * The enquiry form of /contact (spec 01 §2 "Contact", §5 "Contact page form": name, phone,
 * e-mail, subject and message all required; subject 5-100, message 10-1000). The lead's source
 * is website_contact_page and the name is split on the first space (spec 01 §7). Its action is
 * routes/contact_.send.tsx; without JavaScript a failed post shows that page with the errors and
 * the typed values, a successful one returns to /contact with the toast.
 */
export function ContactPageForm({ initial, bare }: { initial?: PublicFormResult; bare?: boolean }) {
  const { t } = useTranslation('forms');
  const { fetcher, formRef, errors, values, result, pending } = usePublicForm('contact-page', initial);
  const id = 'contact-page';
  const form = (
    <fetcher.Form ref={formRef} id="contact-page-form" method="post" action={CONTACT_FORM_ACTION} className="pf-form" noValidate>
      <PublicFormHiddenFields />
      <div className="pf-grid">
        <FormField
          formId={id}
          name="name"
          label={t('fields.name')}
          required
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
          required
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
          defaultValue={values.email}
          error={errors.email}
        />
        <FormField
          formId={id}
          name="subject"
          label={t('fields.subject')}
          required
          placeholder={t('fields.subjectPlaceholder')}
          defaultValue={values.subject}
          error={errors.subject}
        />
      </div>
      <FormField
        formId={id}
        name="message"
        label={t('fields.message')}
        required
        multiline
        placeholder={t('fields.messagePlaceholder')}
        defaultValue={values.message}
        error={errors.message}
      />
      <FormMessage message={result?.ok ? null : result?.toast} />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t('sending') : t('contact.submit')}
      </button>
    </fetcher.Form>
  );
  if (bare) return form;
  return (
    <FormSection id="contact-form" title={t('contact.title')} subtitle={t('contact.subtitle')} className="pf-contact-page">
      {form}
    </FormSection>
  );
}
