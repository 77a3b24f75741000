import { useTranslation } from 'react-i18next';
import type { PublicFormResult } from '~/lib/forms/public-forms';
import { FormField, FormMessage, FormSection, PublicFormHiddenFields } from './FormParts';
import { usePublicForm } from './use-public-form';

/**
 * The enquiry form of /property/{id} (spec 01 §2, §5 "Property enquiry": name and phone
 * required, e-mail optional, an empty message becomes 'Интересует объект: {title}'; §8 texts).
 * Posts to the property page's own action (POST /api/inquiries: a property lead, i.e. the enquiry and its lead).
 */
export function PropertyLeadForm({ title, action, initial }: { title: string; action: string; initial?: PublicFormResult }) {
  const { t } = useTranslation('forms');
  const { fetcher, formRef, errors, values, result, pending } = usePublicForm('property-lead', initial);
  // The section's anchor stays #enquiry: it is part of the page's URLs (the redirect after a post, links).
  const id = 'enquiry';
  return (
    <FormSection
      id="enquiry"
      title={t('propertyLead.title')}
      subtitle={t('propertyLead.subtitle')}
      className="pf-property-lead property-section"
    >
      <fetcher.Form ref={formRef} method="post" action={`${action}#enquiry`} className="pf-form" noValidate>
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
          placeholder={t('propertyLead.messagePlaceholder', { title })}
          defaultValue={values.message}
          error={errors.message}
        />
        <FormMessage message={result?.ok ? null : result?.toast} />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('sending') : t('propertyLead.submit')}
        </button>
      </fetcher.Form>
    </FormSection>
  );
}
