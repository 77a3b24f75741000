import { eventually } from '@realty/testkit';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { accessibilityViolations } from './support/audit';
import { recordToasts, recordedToast, refusalToastOrReport } from './support/toasts';
import { BASE_URL, launchBrowser, openPage } from './support/browser';
import { query } from './support/db';

/**
 * Public forms with JavaScript on and off (issue 4; spec 01 §2, §5, §7, §8): the Home contact
 * form, the /contact form, the property enquiry, the office quiz and the rent calculator. Each
 * failed validation keeps the typed values and shows the errors under the fields; each success
 * creates exactly one lead with the right source, checked in the stack's database. Every test
 * is its own visitor (X-Forwarded-For), so the per-IP limit on public writes never interferes.
 */

let ipCounter = Math.floor(Math.random() * 200);
let phoneCounter = Number(String(Date.now()).slice(-6));
const uniquePhone = () => `+7 702 ${String((phoneCounter += 7) % 10_000_000).padStart(7, '0')}`;
const digits = (s: string) => s.replace(/\D/g, '');
const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** A new visitor (own IP), JavaScript on or off. */
async function visitor(
  browser: Browser,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page; ip: string; problems: () => string[] }> {
  const opened = await openPage(browser, { javaScriptEnabled });
  ipCounter += 1;
  const ip = `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  await opened.context.setExtraHTTPHeaders({ 'Accept-Language': 'ru-RU', 'X-Forwarded-For': ip });
  return { ...opened, ip };
}

/** With JavaScript: waits until the forms are hydrated (their `_js` field says 1). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[name="_js"]')).every((i) => i.value === '1'),
  );
}

async function leadsWithPhone(phone: string) {
  return query<{
    id: string;
    source: string;
    first_name: string;
    last_name: string;
    email: string;
    topic: string;
    message: string;
    status: string;
  }>(
    `SELECT id, source, first_name, last_name, email, topic, message, status FROM leads WHERE regexp_replace(phone, '\\D', '', 'g') = $1`,
    [digits(phone)],
  );
}

describe('public forms', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('Home contact form %s', (_label, js) => {
    it('shows the errors under the fields with the typed values, then creates one website_contact_form lead', async () => {
      const { context, page, problems } = await visitor(browser, js);
      await page.goto(`${BASE_URL}/`);
      if (js) await hydrated(page);
      let form = page.locator('#contact-form form');
      await form.getByLabel('Имя').fill('Айдана Сейткали');
      await form.getByLabel('Телефон').fill('12345');
      await form.getByLabel('Email').fill('aidana@');
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить заявку' }).click();
      form = page.locator('#contact-form form');
      await form.locator('.pf-error').first().waitFor();
      expect(await text(form.locator('#home-contact-phone-error'))).toBe('Номер телефона должен содержать минимум 10 цифр');
      expect(await text(form.locator('#home-contact-email-error'))).toBe('Неверный формат email адреса');
      expect(await form.getByLabel('Имя').inputValue()).toBe('Айдана Сейткали');
      expect(await form.getByLabel('Телефон').inputValue()).toBe('12345');
      expect(await form.getByLabel('Телефон').getAttribute('aria-invalid')).toBe('true');
      if (js) expect([null, 'Ошибка валидации']).toContain(await refusalToastOrReport(page, 'Ошибка валидации'));
      // The errors and the toast showing: still no WCAG 2.2 A/AA violation.
      if (js) expect(await accessibilityViolations(page)).toEqual([]);

      const phone = uniquePhone();
      await form.getByLabel('Телефон').fill(phone);
      await form.getByLabel('Email').fill('');
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить заявку' }).click();
      if (js) {
        await recordedToast(page, 'Сообщение отправлено!');
        // the form is cleared, the page did not reload
        await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#home-contact-phone')?.value ?? 'x') === '');
      } else {
        await page.getByText('Сообщение отправлено!').waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
      }
      const leads = await eventually('the lead', async () => ((await leadsWithPhone(phone)).length ? leadsWithPhone(phone) : null));
      expect(leads).toHaveLength(1);
      expect(leads![0]).toMatchObject({
        source: 'website_contact_form',
        first_name: 'Айдана',
        last_name: 'Сейткали',
        email: '',
        topic: 'Обращение с сайта',
        message: 'Клиент оставил номер телефона для связи',
        status: 'new',
      });
      expect(problems().filter((p) => !p.includes('400'))).toEqual([]);
      await context.close();
    });
  });

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('/contact form %s', (_label, js) => {
    it('keeps the values on an error and creates one website_contact_page lead', async () => {
      const { context, page, problems } = await visitor(browser, js);
      await page.goto(`${BASE_URL}/contact`);
      if (js) await hydrated(page);
      let form = page.locator('form#contact-page-form');
      await form.getByLabel('Имя').fill('Иван Петров Сидоров');
      await form.getByLabel('Телефон').fill('+7 701 abc');
      await form.getByLabel('Email').fill('ivan@example.kz');
      await form.getByLabel('Тема').fill('Офис');
      await form.getByLabel('Сообщение').fill('Нужен офис на 100 м² с парковкой');
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить сообщение' }).click();
      form = page.locator('form#contact-page-form');
      await form.locator('.pf-error').first().waitFor();
      expect(await text(form.locator('#contact-page-phone-error'))).toBe('Неверный формат номера телефона');
      expect(await text(form.locator('#contact-page-subject-error'))).toBe('Тема должна содержать от 5 до 100 символов');
      expect(await form.getByLabel('Сообщение').inputValue()).toBe('Нужен офис на 100 м² с парковкой');
      expect(await form.getByLabel('Имя').inputValue()).toBe('Иван Петров Сидоров');
      if (js) {
        expect([null, 'Ошибка валидации']).toContain(await refusalToastOrReport(page, 'Ошибка валидации'));
        expect(new URL(page.url()).pathname).toBe('/contact');
      } else {
        expect(new URL(page.url()).pathname).toBe('/contact/send');
      }
      expect(await text(form.locator('.pf-alert'))).toContain('Пожалуйста, исправьте ошибки в форме');

      const phone = uniquePhone();
      await form.getByLabel('Телефон').fill(phone);
      await form.getByLabel('Тема').fill('Аренда офиса');
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить сообщение' }).click();
      if (js) await recordedToast(page, 'Сообщение отправлено!');
      else {
        await page.getByText('Мы свяжемся с вами в ближайшее время.').waitFor();
        expect(new URL(page.url()).pathname).toBe('/contact');
      }
      const leads = await eventually('the lead', async () => ((await leadsWithPhone(phone)).length ? leadsWithPhone(phone) : null));
      expect(leads).toHaveLength(1);
      expect(leads![0]).toMatchObject({
        source: 'website_contact_page',
        first_name: 'Иван',
        last_name: 'Петров Сидоров',
        email: 'ivan@example.kz',
        topic: 'Аренда офиса',
        message: 'Нужен офис на 100 м² с парковкой',
      });
      expect(problems().filter((p) => !p.includes('400'))).toEqual([]);
      await context.close();
    });
  });

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('property enquiry %s', (_label, js) => {
    it('asks for name and phone, then stores the enquiry and one property_inquiry lead with the default message', async () => {
      const [listing] = await query<{ id: string; slug: string; title: string }>(
        `SELECT id, slug, title->>'ru' AS title FROM properties WHERE status = 'active' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1 OFFSET ${js ? 0 : 1}`,
      );
      const { context, page, problems } = await visitor(browser, js);
      await page.goto(`${BASE_URL}/property/${listing.slug}`);
      if (js) await hydrated(page);
      let form = page.locator('#enquiry form');
      await form.getByLabel('Email').fill('guest@example.kz');
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить запрос' }).click();
      form = page.locator('#enquiry form');
      await form.locator('.pf-error').first().waitFor();
      expect(await text(form.locator('#enquiry-name-error'))).toBe('Имя обязательно для заполнения');
      expect(await text(form.locator('#enquiry-phone-error'))).toBe('Телефон обязателен для заполнения');
      expect(await form.getByLabel('Email').inputValue()).toBe('guest@example.kz');
      expect(await text(form.locator('.pf-alert'))).toBe('Заполните обязательные поля Имя и телефон обязательны для заполнения');
      if (js) expect([null, 'Заполните обязательные поля']).toContain(await refusalToastOrReport(page, 'Заполните обязательные поля'));
      if (js) expect(await accessibilityViolations(page)).toEqual([]);

      const phone = uniquePhone();
      await form.getByLabel('Имя').fill('Мадина Ахметова');
      await form.getByLabel('Телефон').fill(phone);
      if (js) await recordToasts(page);
      await form.getByRole('button', { name: 'Отправить запрос' }).click();
      if (js) await recordedToast(page, 'Запрос отправлен');
      else await page.getByText('Запрос отправлен').first().waitFor();
      const leads = await eventually('the lead', async () => ((await leadsWithPhone(phone)).length ? leadsWithPhone(phone) : null));
      expect(leads).toHaveLength(1);
      expect(leads![0]).toMatchObject({
        source: 'property_inquiry',
        first_name: 'Мадина',
        last_name: 'Ахметова',
        message: `Интересует объект: ${listing.title}`,
      });
      const propertyLeads = await query(`SELECT property_id, email, message FROM property_leads WHERE lead_id = $1`, [leads![0].id]);
      expect(propertyLeads).toEqual([
        { property_id: listing.id, email: 'guest@example.kz', message: `Интересует объект: ${listing.title}` },
      ]);
      expect(problems().filter((p) => !p.includes('400'))).toEqual([]);
      await context.close();
    });
  });

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('office quiz %s', (_label, js) => {
    it('walks the four steps and creates one office_quiz lead with the answers, then goes to /catalog', async () => {
      const { context, page, ip, problems } = await visitor(browser, js);
      await page.goto(`${BASE_URL}/`);
      if (js) await hydrated(page);
      const quiz = () => page.locator('#office-quiz');
      const next = () => quiz().getByRole('button', { name: 'Далее' });
      const back = () => quiz().getByRole('button', { name: 'Назад' });
      expect(await text(quiz().locator('.pf-quiz__progress'))).toBe('Шаг 1 из 4');
      expect(await back().isDisabled()).toBe(true);
      if (js) {
        expect(await next().isDisabled()).toBe(true);
      } else {
        // without JavaScript 'Next' without an answer posts and comes back with the message
        await next().click();
        await quiz().locator('.pf-error').waitFor();
        expect(await text(quiz().locator('.pf-error'))).toBe('Выберите расположение');
      }
      await quiz().getByLabel('В бизнес-центре').check();
      await next().click();
      await quiz().getByText('Шаг 2 из 4').waitFor();
      expect(await back().isDisabled()).toBe(false);
      await quiz().getByLabel('Высокий этаж').check();
      await next().click();
      await quiz().getByText('Шаг 3 из 4').waitFor();
      expect(await quiz().getByLabel('Площадь, м²').inputValue()).toBe('350');
      await quiz().getByLabel('Площадь, м²').fill('45');
      if (js) {
        await quiz().locator('.pf-error').waitFor();
        expect(await next().isDisabled()).toBe(true);
      } else {
        await next().click();
        await quiz().locator('.pf-error').waitFor();
        expect(await quiz().getByLabel('Площадь, м²').inputValue()).toBe('45');
      }
      expect(await text(quiz().locator('.pf-error'))).toBe('Площадь должна быть от 40 до 5500 м² с шагом 10');
      if (js) expect(await accessibilityViolations(page)).toEqual([]);
      await quiz().getByLabel('Площадь, м²').fill('120');
      await next().click();
      await quiz().getByText('Шаг 4 из 4').waitFor();
      // 'Back' keeps the answers
      await back().click();
      await quiz().getByText('Шаг 3 из 4').waitFor();
      expect(await quiz().getByLabel('Площадь, м²').inputValue()).toBe('120');
      await next().click();
      await quiz().getByText('Шаг 4 из 4').waitFor();
      await quiz().getByLabel('1–5 млн ₸').check();
      await quiz().getByRole('button', { name: 'Получить результат' }).click();
      await page.waitForURL(/\/catalog/);
      await page.getByText('Квиз завершён!').first().waitFor();
      const leads = await eventually('the quiz lead', async () => {
        const rows = await query(
          `SELECT source, phone, email, quiz_location, quiz_floor, quiz_area, quiz_budget FROM leads WHERE ip = $1 AND source = 'office_quiz'`,
          [ip],
        );
        return rows.length ? rows : null;
      });
      expect(leads).toEqual([
        { source: 'office_quiz', phone: '', email: '', quiz_location: 'bc', quiz_floor: 'high', quiz_area: 120, quiz_budget: '5m' },
      ]);
      expect(problems().filter((p) => !p.includes('400'))).toEqual([]);
      await context.close();
    });
  });

  describe('rent calculator', () => {
    const value = async (page: Page, id: string) => (await text(page.getByTestId(id))).replace(/\s/g, '');

    it('computes live with JavaScript: defaults 100 m² x 2500 ₸ x 12 months', async () => {
      const { context, page, problems } = await visitor(browser, true);
      await page.goto(`${BASE_URL}/`);
      await hydrated(page);
      const calc = page.locator('#rent-calculator');
      expect(await calc.getByLabel('Площадь, м²').inputValue()).toBe('100');
      expect(await calc.getByLabel('Цена за м² в месяц, ₸').inputValue()).toBe('2500');
      expect(await calc.getByLabel('Срок аренды').inputValue()).toBe('12');
      expect(await value(page, 'calc-monthly')).toBe('≈250000₸');
      expect(await value(page, 'calc-total')).toBe('≈3000000₸');
      await calc.getByLabel('Площадь, м²').fill('200');
      await calc.getByLabel('Срок аренды').selectOption('36');
      expect(await value(page, 'calc-monthly')).toBe('≈500000₸');
      expect(await value(page, 'calc-total')).toBe('≈18000000₸');
      await calc.getByLabel('Площадь, м²').fill('0');
      expect(await text(calc.locator('.pf-error'))).toBe('Введите площадь числом больше 0');
      expect(await value(page, 'calc-monthly')).toBe('≈—');
      expect(await text(calc)).toContain('Расчёт приблизительный');
      expect(problems()).toEqual([]);
      await context.close();
    });

    it('works as a GET form without JavaScript', async () => {
      const { context, page } = await visitor(browser, false);
      await page.goto(`${BASE_URL}/`);
      const calc = page.locator('#rent-calculator');
      await calc.getByLabel('Площадь, м²').fill('50');
      await calc.getByLabel('Цена за м² в месяц, ₸').fill('3000');
      await calc.getByLabel('Срок аренды').selectOption('6');
      await calc.getByRole('button', { name: 'Рассчитать' }).click();
      await page.waitForURL(/area=50/);
      expect(new URL(page.url()).searchParams.get('term')).toBe('6');
      expect(await value(page, 'calc-monthly')).toBe('≈150000₸');
      expect(await value(page, 'calc-total')).toBe('≈900000₸');
      await context.close();
    });
  });

  describe('website analytics', () => {
    it('counts the server-rendered first view once, then client views with the session UTM; never /auth', async () => {
      const { context, page, problems } = await visitor(browser, true);
      const utm = `e2e-${Date.now()}`;
      await page.goto(`${BASE_URL}/?utm_source=${utm}&utm_medium=test`);
      await hydrated(page);
      const first = await eventually(
        'the server-counted first view',
        async () => (await query(`SELECT session_id, origin FROM website_page_views WHERE utm_source = $1`, [utm]))[0],
      );
      expect(first).toMatchObject({ origin: 'server' });
      const session = first.session_id as string;
      await page.locator('header').getByRole('link', { name: 'Каталог' }).first().click();
      await page.waitForURL(/\/catalog/);
      const views = await eventually('the client view', async () => {
        const rows = await query<{ path: string; origin: string; utm_source: string; utm_medium: string; is_bot: boolean }>(
          `SELECT path, origin, utm_source, utm_medium, is_bot FROM website_page_views WHERE session_id = $1 ORDER BY id`,
          [session],
        );
        return rows.length >= 2 ? rows : null;
      });
      expect(views).toEqual([
        // headless Chromium says 'HeadlessChrome' in its user agent: isbot marks it (it is a script)
        { path: '/', origin: 'server', utm_source: utm, utm_medium: 'test', is_bot: true },
        { path: '/catalog', origin: 'client', utm_source: utm, utm_medium: 'test', is_bot: true },
      ]);
      // /auth is never counted. Once the browser tracker has run there (the tabs are hydrated), the
      // next public page is opened and its view waited for: a view of /auth, counted by the server
      // (the same queue of views) or by the browser (sent before leaving), would have come before it.
      await page.goto(`${BASE_URL}/auth`);
      await page.getByRole('tablist').waitFor();
      await page.goto(`${BASE_URL}/`);
      await eventually(
        'the view after /auth',
        async () => (await query(`SELECT id FROM website_page_views WHERE session_id = $1 AND path = '/'`, [session])).length >= 2,
      );
      expect(await query(`SELECT 1 FROM website_page_views WHERE session_id = $1 AND path LIKE '/auth%'`, [session])).toEqual([]);
      expect(problems()).toEqual([]);
      await context.close();
    });

    it('counts page views without JavaScript', async () => {
      const { context, page } = await visitor(browser, false);
      const utm = `e2e-nojs-${Date.now()}`;
      await page.goto(`${BASE_URL}/catalog?utm_source=${utm}`);
      const rows = await eventually('the server-counted view', async () => {
        const r = await query(`SELECT path, origin FROM website_page_views WHERE utm_source = $1`, [utm]);
        return r.length ? r : null;
      });
      expect(rows).toEqual([{ path: '/catalog', origin: 'server' }]);
      await context.close();
    });
  });
});
