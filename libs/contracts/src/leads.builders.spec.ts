import { validateInput } from './validate-input';
import { CreateLeadDto } from './leads.api.dto';
import { contactPageLead, defaultPropertyLeadMessage, homeContactLead, quizLead } from './leads.builders';
import { ContactPageFormDto, HomeContactFormDto, QuizAnswersDto } from './leads.forms.dto';
import { REGISTRATION_NAME_DEFAULTS, splitFullName } from './leads.rules';

describe('create-lead payloads by origin (spec 01 §7 notes)', () => {
  it('Home: first word of the name (default Клиент), the rest as last name, default topic and message', async () => {
    const r = await validateInput(HomeContactFormDto, { name: '', phone: '87011234567', email: '', message: '' });
    if (!r.ok) throw new Error('invalid');
    expect(homeContactLead(r.value)).toEqual({
      firstName: 'Клиент',
      lastName: '',
      phone: '87011234567',
      email: '',
      source: 'website_contact_form',
      topic: 'Обращение с сайта',
      message: 'Клиент оставил номер телефона для связи',
    });
    const full = await validateInput(HomeContactFormDto, {
      name: 'Анна Мария Ли',
      phone: '87011234567',
      message: 'Перезвоните после 18:00',
    });
    if (!full.ok) throw new Error('invalid');
    expect(homeContactLead(full.value, 'bot')).toMatchObject({
      firstName: 'Анна',
      lastName: 'Мария Ли',
      message: 'Перезвоните после 18:00',
      website: 'bot',
    });
  });

  it('contact page: split on the first space, topic and message from the form', async () => {
    const r = await validateInput(ContactPageFormDto, {
      name: 'Иван Петров Сидоров',
      phone: '+7 701 123 45 67',
      email: 'ivan@example.kz',
      subject: 'Аренда офиса',
      message: 'Нужен офис на 100 м²',
    });
    if (!r.ok) throw new Error('invalid');
    expect(contactPageLead(r.value)).toEqual({
      firstName: 'Иван',
      lastName: 'Петров Сидоров',
      phone: '+7 701 123 45 67',
      email: 'ivan@example.kz',
      source: 'website_contact_page',
      topic: 'Аренда офиса',
      message: 'Нужен офис на 100 м²',
    });
  });

  it('quiz: source office_quiz, empty phone and e-mail, answers as structured fields', async () => {
    const r = await validateInput(QuizAnswersDto, { location: 'residential', floor: 'entrance', area: '120', budget: '10m+' });
    if (!r.ok) throw new Error('invalid');
    const body = quizLead(r.value);
    expect(body).toMatchObject({
      source: 'office_quiz',
      phone: '',
      email: '',
      quizLocation: 'residential',
      quizFloor: 'entrance',
      quizArea: 120,
      quizBudget: '10m+',
    });
    expect(body.message).toContain('площадь: 120 м²');
    // the payload passes the API's own rules
    expect((await validateInput(CreateLeadDto, body as unknown as Record<string, unknown>)).ok).toBe(true);
  });

  it('enquiry: the default message names the listing', () => {
    expect(defaultPropertyLeadMessage('Офис 12')).toBe('Интересует объект: Офис 12');
    expect(splitFullName('  Ерлан   Серикович ')).toEqual({ firstName: 'Ерлан', lastName: 'Серикович' });
  });
});

describe('splitFullName (spec 01 §5 "Registration", §7 notes)', () => {
  it('registration: first word, the rest, or the default last name', () => {
    const split = (name: string) => splitFullName(name, REGISTRATION_NAME_DEFAULTS);
    expect(split('  Асель   Каримова ')).toEqual({ firstName: 'Асель', lastName: 'Каримова' });
    expect(split('Иван Петрович Сидоров')).toEqual({ firstName: 'Иван', lastName: 'Петрович Сидоров' });
    expect(split('Асель')).toEqual({ firstName: 'Асель', lastName: 'Пользователь' });
    expect(split('')).toEqual({ firstName: '', lastName: 'Пользователь' });
  });
});
