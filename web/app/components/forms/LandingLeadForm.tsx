import { useTranslation } from 'react-i18next';
import type { PublicFormResult } from '~/lib/forms/public-forms';
import { FormField, FormMessage, FormSection, PublicFormHiddenFields } from './FormParts';
import { usePublicForm } from './use-public-form';

/**
 * The enquiry form of a landing page /l/{slug} (issue 23: "an enquiry form whose leads carry the
 * landing as their source"): the home contact form's fields (spec 01 §5: name optional, phone
 * required, e-mail optional, message optional). Posts to the page's own action
 * (landingLeadAction: POST /api/landings/public/{slug}/leads). Works without JavaScript.
 */
export function LandingLeadForm({ action, initial }: { action: string; initial?: PublicFormResult }) {
  const { t } = useTranslation('forms');
  const { t: tl } = useTranslation('landings');
  const { fetcher, formRef, errors, values, result, pending } = usePublicForm('landing-lead', initial);
  const id = 'enquiry';
  return (
    <FormSection id="enquiry" title={tl('page.formTitle')} subtitle={tl('page.formSubtitle')} className="pf-property-lead landing-enquiry">
      <fetcher.Form ref={formRef} method="post" action={`${action}#enquiry`} className="pf-form" noValidate>
        <PublicFormHiddenFields />
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
          {pending ? t('sending') : tl('page.submit')}
        </button>
      </fetcher.Form>
    </FormSection>
  );
}
