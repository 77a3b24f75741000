import type { SendEmailPayload } from '@realty/jobs';
import { renderEmail } from './email-templates';
import { payloadProblem } from './notifications.service';

/** The 'listing-rejected' e-mail to a listing's author (issue 21, spec 02 §4): texts per language, values escaped. */
describe('listing-rejected e-mail', () => {
  const payload = (
    over: Partial<Extract<SendEmailPayload, { template: 'listing-rejected' }>['data']> = {},
    locale: SendEmailPayload['locale'] = 'ru',
  ) =>
    ({
      to: 'author@example.kz',
      template: 'listing-rejected',
      locale,
      data: {
        propertyId: '5b0c7c9e-2f7d-4a8e-9a53-0c1f0e6a7b11',
        firstName: 'Айгерим',
        propertyTitle: 'Офис <b>в БЦ</b>',
        reason: 'Нет фотографий',
        notes: 'Добавьте 5 фото & план',
        kind: 'new',
        editUrl: 'https://realty.kz/dashboard/employee/edit/5b0c7c9e-2f7d-4a8e-9a53-0c1f0e6a7b11',
        ...over,
      },
    }) as SendEmailPayload;

  it('renders the reason, the notes and the edit link in each language, HTML escaped', () => {
    const ru = renderEmail(payload());
    expect(ru.subject).toBe('Объявление не прошло модерацию: Офис <b>в БЦ</b>');
    expect(ru.text).toContain('Причина: Нет фотографий');
    expect(ru.text).toContain('Комментарий: Добавьте 5 фото & план');
    expect(ru.html).toContain('Офис &lt;b&gt;в БЦ&lt;/b&gt;');
    expect(ru.html).toContain('Добавьте 5 фото &amp; план');
    expect(ru.html).toContain('href="https://realty.kz/dashboard/employee/edit/');
    expect(renderEmail(payload({}, 'en')).text).toContain('Reason: Нет фотографий');
    expect(renderEmail(payload({}, 'kk')).text).toContain('Себебі: Нет фотографий');
    expect(renderEmail(payload({}, 'zh')).text).toContain('原因: Нет фотографий');
    expect(renderEmail(payload({ kind: 'edit', notes: null }, 'en')).text).toContain('the published version stays');
    expect(renderEmail(payload({ notes: null })).text).not.toContain('Комментарий');
  });

  it('a payload without a reason or with a non-http link is refused', () => {
    expect(payloadProblem(payload())).toBeNull();
    expect(payloadProblem(payload({ editUrl: 'javascript:alert(1)' }))).toBe('invalid template data');
    expect(payloadProblem(payload({ reason: undefined as unknown as string }))).toBe('invalid template data');
  });
});
